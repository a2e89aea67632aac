// The property of co-editing (issue 32): N clients making random concurrent inserts, deletes and formatting through
// the real protocol and room, with random disconnects (offline editing, then back) and crashes (a tab gone with its
// unsent edits), all converge to the same document, and no acknowledged insert is lost.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { RoomClient } from '../collab/client';
import { join } from './collab-fixtures';
import { createArticle } from './content-factories';
import { createUser, sessionCookie } from './helpers';

type Op =
  | { kind: 'insert'; client: number; at: number }
  | { kind: 'delete'; client: number; at: number }
  | { kind: 'format'; client: number; at: number; length: number; bold: boolean }
  | { kind: 'disconnect' | 'reconnect' | 'crash'; client: number }
  | { kind: 'settle' };

const CLIENTS = 3;
const client = fc.integer({ min: 0, max: CLIENTS - 1 });
const at = fc.double({ min: 0, max: 1, noNaN: true });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('insert' as const), client, at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), client, at }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('format' as const),
      client,
      at,
      length: fc.integer({ min: 1, max: 6 }),
      bold: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('disconnect' as const, 'reconnect' as const), client }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const), client }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
);

/** The shared text the clients write in (the teaser: a Y.Text of the room's document). */
const textOf = (c: RoomClient) => c.doc.getText('teaser');

describe('co-editing converges', () => {
  it('N clients with random edits, disconnects and crashes end with one document holding every acknowledged insert', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const cookie = await sessionCookie(owner);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const article = await createArticle({ userId: owner.id, teaser: '' });
        const clients: { c: RoomClient; online: boolean }[] = [];
        for (let i = 0; i < CLIENTS; i++) clients.push({ c: await join(article.id, cookie), online: true });
        /** Every insert, by token, with whether the room had it when its client crashed (else it must arrive). */
        const inserted = new Map<string, RoomClient>();
        const lost = new Set<string>();
        let n = 0;
        run++;
        for (const o of ops) {
          if (o.kind === 'settle') {
            await new Promise((r) => setTimeout(r, 5));
            continue;
          }
          const slot = clients[o.client]!;
          const text = textOf(slot.c);
          if (o.kind === 'insert') {
            // A token that no delete touches (deletes take only the x's), so a missing one was lost.
            const token = `<${run}.${o.client}.${n++}>`;
            // Between tokens (at the start, or after a token's '>' or an x), never inside one: an insert inside another
            // token would split it, which is a correct merge and not a loss.
            const now = text.toJSON();
            const gaps = [0, ...[...now].flatMap((ch, i) => (ch === 'x' || ch === '>' ? [i + 1] : []))];
            text.insert(gaps[Math.floor(o.at * (gaps.length - 1))]!, `${token}xx`);
            inserted.set(token, slot.c);
          } else if (o.kind === 'delete') {
            const xs = [...text.toJSON()].flatMap((ch, i) => (ch === 'x' ? [i] : []));
            if (xs.length) text.delete(xs[Math.floor(o.at * (xs.length - 1))]!, 1);
          } else if (o.kind === 'format') {
            const start = Math.floor(o.at * text.length);
            text.format(start, Math.min(o.length, text.length - start), { bold: o.bold ? true : null });
          } else if (o.kind === 'disconnect' && slot.online) {
            slot.c.close();
            slot.online = false;
          } else if (o.kind === 'reconnect' && !slot.online) {
            await join(article.id, cookie, slot.c); // the same document: its offline edits merge now
            slot.online = true;
          } else if (o.kind === 'crash') {
            // The tab is gone with its document: its inserts count as acknowledged only where the room had them
            // (seen by another client, which only the room could have told).
            const others = clients.filter((s) => s !== slot).map((s) => textOf(s.c).toJSON());
            for (const [token, owner] of inserted)
              if (owner === slot.c && !others.some((t) => t.includes(token))) lost.add(token);
            if (slot.online) slot.c.close();
            slot.c = new RoomClient();
            await join(article.id, cookie, slot.c);
            slot.online = true;
          }
        }
        for (const slot of clients) if (!slot.online) await join(article.id, cookie, slot.c);
        const fresh = await join(article.id, cookie);
        const all = [...clients.map((s) => s.c), fresh];
        await expect
          .poll(() => new Set(all.map((c) => JSON.stringify(textOf(c).toDelta()))).size, { timeout: 10_000 })
          .toBe(1);
        const final = textOf(fresh).toJSON();
        for (const token of inserted.keys()) if (!lost.has(token)) expect(final, token).toContain(token);
        expect(Y.encodeStateVector(fresh.doc)).toEqual(Y.encodeStateVector(clients[0]!.c.doc));
        for (const c of all) c.close();
      }),
      { numRuns: 8 },
    );
  }, 300_000);
});
