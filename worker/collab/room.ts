// One co-editing room: a Durable Object per shared document (article, language), reached by WebSocket through the
// worker (GET /api/articles/{id}/collab?lang=) with the hibernation API, so an idle room costs nothing. It keeps the
// Y.Doc in its own SQLite storage, relays sync and presence, and saves the article (or, in a translation's room, the
// translation) to D1 as an ordinary save, debounced and when the last person leaves. docs/decisions/051-co-editing-rooms.md.
import { DurableObject } from 'cloudflare:workers';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import type { Env } from '../env';
import { createDb } from '../services/db';
import { readShared, writeShared, type SharedFields } from './lexical-yjs';
import {
  MESSAGE_AWARENESS,
  MESSAGE_SYNC,
  awarenessMessage,
  readAwareness,
  readSync,
  syncStep1,
  syncUpdate,
  type PresenceState,
} from './protocol';
import { mayStillWrite, type CollabIdentity } from './rights';
import { saveRoom, storedFields } from './room-save';
import { COMPACT_AFTER, RoomStore } from './room-store';
import { forgetMember, noteMember } from './members';

/** A room writes D1 at most once per this interval while people type (and once more when the last one leaves). */
export const SAVE_INTERVAL_MS = 5_000;
/**
 * A save's share of the room's time at most 1/SAVE_DUTY: the next save waits at least SAVE_DUTY times as long as the
 * last one took. A save reads the whole document into the article's JSON, validates it and writes a revision of the
 * whole text, so its cost grows with the text, and the room relays nothing while it computes (decision 051,
 * "Measured costs"): on a long text the interval grows past SAVE_INTERVAL_MS rather than the relays waiting.
 */
export const SAVE_DUTY = 20;
/** Changes are relayed at once and stored together at most this long after (one storage write, not one per key). */
export const STORE_EVERY_MS = 200;
/** How often an open room checks again that everyone in it still may write (besides its saves and the worker's word). */
export const RECHECK_INTERVAL_MS = 60_000;
/** WebSocket close codes the client tells apart: rights ended, the article is gone, the message was not ours. */
export const CLOSE_RIGHTS_ENDED = 4403;
export const CLOSE_GONE = 4404;
export const CLOSE_BAD_MESSAGE = 4400;

/** What the worker passes with the upgrade (headers it sets itself; a client's own are never forwarded). */
export const IDENTITY_HEADER = 'X-Collab-Identity';
export const ROOM_HEADER = 'X-Collab-Room';

/** What each socket carries through hibernation. */
interface Attachment {
  who: CollabIdentity;
  colour: string;
  /** The awareness client ids this socket announced (removed for the others when it closes). */
  clientIds: number[];
}

export class CollabRoom extends DurableObject<Env> {
  private readonly store: RoomStore;
  private doc: Y.Doc | null = null;
  /** Presence by awareness client id; in memory only (clients renew theirs every 15 s, so a wake-up refills it). */
  private readonly presence = new Map<number, PresenceState>();
  /** Changes relayed but not yet stored (at most STORE_EVERY_MS old), and the timer that stores them. */
  private pending: Uint8Array[] = [];
  private storeTimer: ReturnType<typeof setTimeout> | undefined;
  /** Authors already noted in storage since the last save (one write per person, not per change). */
  private readonly noted = new Set<string>();
  /** A save is scheduled (its alarm set): further changes need not ask again until it ran. */
  private saveOwed = false;
  /** How long the last save took (ms, its D1 round trips and the work between them): spaces the next one. */
  private lastSaveMs = 0;
  /**
   * Each socket's attachment as last read or written: every update and every presence message asks who sent it,
   * and deserialising every socket's attachment per message was per-message work that grew with the room (a
   * presence message read all of them). Filled again from the sockets after hibernation.
   */
  private readonly attachments = new WeakMap<WebSocket, Attachment>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage);
  }

  // ---- opening ----

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade') !== 'websocket') return new Response('Expected a WebSocket', { status: 426 });
    const who = JSON.parse(request.headers.get(IDENTITY_HEADER) ?? 'null') as
      (CollabIdentity & { colour: string }) | null;
    const room = JSON.parse(request.headers.get(ROOM_HEADER) ?? 'null') as {
      articleId: string;
      language: string;
    } | null;
    if (!who || !room) return new Response('Missing identity', { status: 400 });
    this.store.setRoom(room.articleId, room.language);
    const doc = await this.load();
    if (!doc) return new Response('Article not found', { status: 404 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [who.userId]);
    const { colour, ...identity } = who;
    this.attach(server, { who: identity, colour, clientIds: [] });
    server.send(syncStep1(doc));
    if (this.presence.size) server.send(awarenessMessage(this.presence));
    await noteMember(this.env, who.userId, room.articleId, room.language);
    await this.schedule();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The document, from storage; a new room (or one whose article D1 saved since) takes the article's fields. */
  private async load(): Promise<Y.Doc | null> {
    if (this.doc) return this.doc;
    const articleId = this.store.articleId();
    const language = this.store.language();
    if (!articleId || !language) return null;
    const stored = await storedFields(this.env, articleId, language);
    if (!stored) return null;
    const doc = new Y.Doc();
    for (const update of this.store.updates()) Y.applyUpdate(doc, update);
    // The room's own save leaves D1 at the version it noted; any other means a save from outside entered D1.
    if (this.store.d1Version() !== stored.version) {
      writeShared(doc, stored, 'd1');
      this.store.append(Y.encodeStateAsUpdate(doc)); // at once: the version noted below must match what is stored
      this.store.setD1Version(stored.version);
    }
    doc.on('update', (update: Uint8Array, origin: unknown) => this.onUpdate(update, origin));
    this.doc = doc;
    return doc;
  }

  // ---- messages ----

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message === 'string') return ws.close(CLOSE_BAD_MESSAGE, 'Binary messages only');
    const doc = await this.load();
    if (!doc) return this.closeAll(CLOSE_GONE, 'The article is gone');
    const decoder = decoding.createDecoder(new Uint8Array(message));
    try {
      const kind = decoding.readVarUint(decoder);
      if (kind === MESSAGE_SYNC) {
        const answer = readSync(decoder, doc, ws);
        if (answer) ws.send(answer);
      } else if (kind === MESSAGE_AWARENESS) {
        this.onPresence(ws, readAwareness(decoder));
      }
    } catch {
      ws.close(CLOSE_BAD_MESSAGE, 'Unreadable message');
    }
  }

  /**
   * Every change: sent at once to everyone but the socket it came from, then stored with the others of the next
   * STORE_EVERY_MS in one write. The order matters: a Durable Object holds back every message sent while a storage
   * write is unconfirmed (its output gate), so a write per keystroke before the relay made every relay wait for a
   * commit, and under load the commits queued up (decision 051, "Measured costs"). A person's change is owed to D1.
   */
  private onUpdate(update: Uint8Array, origin: unknown): void {
    const message = syncUpdate(update);
    for (const ws of this.ctx.getWebSockets()) if (ws !== origin) send(ws, message);
    this.pending.push(update);
    this.storeTimer ??= setTimeout(() => this.flush(), STORE_EVERY_MS);
    if (origin && typeof origin === 'object' && 'serializeAttachment' in origin) {
      const who = this.attachmentOf(origin as WebSocket).who;
      const key = `${who.userId}:${who.sessionId ?? who.tokenId ?? ''}`;
      if (!this.noted.has(key)) {
        this.store.addAuthor(who);
        this.noted.add(key);
      }
    } else if (isOutsideAuthor(origin)) {
      return; // D1 has it already: the outside save was written before it entered the room
    }
    if (origin !== 'd1' && !this.saveOwed) {
      this.saveOwed = true;
      void this.schedule(Date.now() + Math.max(SAVE_INTERVAL_MS, SAVE_DUTY * this.lastSaveMs));
    }
  }

  /**
   * Stores the changes of the last moments as one update. Never folds them here: folding encodes the whole document
   * and writes it, and this runs every STORE_EVERY_MS while people type (the alarm folds, after a save).
   */
  private flush(): void {
    if (this.storeTimer !== undefined) clearTimeout(this.storeTimer);
    this.storeTimer = undefined;
    if (this.pending.length === 0) return;
    const updates = this.pending.splice(0);
    this.store.append(updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates));
  }

  /** Presence: the states this socket announces, with the name and colour of who opened it, to everyone. */
  private onPresence(ws: WebSocket, states: Map<number, PresenceState>): void {
    const att = this.attachmentOf(ws);
    const taken = new Set(
      this.ctx
        .getWebSockets()
        .filter((s) => s !== ws)
        .flatMap((s) => this.attachmentOf(s).clientIds),
    );
    const accepted = new Map<number, PresenceState>();
    for (const [clientId, p] of states) {
      if (taken.has(clientId)) continue; // another socket's client: not this one's to speak for
      const known = this.presence.get(clientId);
      if (known && known.clock > p.clock) continue;
      const state = p.state ? { ...p.state, name: att.who.name, color: att.colour } : null;
      if (state) this.presence.set(clientId, { clock: p.clock, state });
      else this.presence.delete(clientId);
      accepted.set(clientId, { clock: p.clock, state });
    }
    const ids = new Set([...att.clientIds, ...[...accepted].filter(([, p]) => p.state).map(([id]) => id)]);
    for (const [id, p] of accepted) if (!p.state) ids.delete(id);
    if (ids.size !== att.clientIds.length || att.clientIds.some((id) => !ids.has(id)))
      this.attach(ws, { ...att, clientIds: [...ids] });
    if (accepted.size) this.broadcast(awarenessMessage(accepted));
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    await this.left(ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.left(ws, 1011);
  }

  /** Someone left: their presence goes, and when nobody is left the room saves now. */
  private async left(ws: WebSocket, code: number): Promise<void> {
    const att = this.attachmentOf(ws);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'Closed');
    } catch {
      // already closed
    }
    const gone = new Map<number, PresenceState>();
    for (const id of att.clientIds) {
      const known = this.presence.get(id);
      this.presence.delete(id);
      gone.set(id, { clock: (known?.clock ?? 0) + 1, state: null });
    }
    if (gone.size) this.broadcast(awarenessMessage(gone));
    const articleId = this.store.articleId();
    if (articleId && !this.open().some((s) => this.attachmentOf(s).who.userId === att.who.userId)) {
      await forgetMember(this.env, att.who.userId, articleId, this.store.language() ?? '');
    }
    if (this.open().length === 0) await this.save();
  }

  // ---- saving and rights ----

  /** Saves the shared fields to D1 when someone wrote since the last save, after checking who still may. */
  async save(): Promise<void> {
    const started = Date.now();
    // Only a save that got as far as converting and writing spaces the next one (an alarm's re-check saves nothing).
    if (await this.saveNow()) this.lastSaveMs = Date.now() - started;
  }

  /** Whether it converted the document and tried to write it. */
  private async saveNow(): Promise<boolean> {
    this.flush();
    this.saveOwed = false;
    const authors = this.store.authors();
    if (authors.length === 0) return false;
    const doc = await this.load();
    const articleId = this.store.articleId();
    if (!doc || !articleId) return false;
    await this.recheck();
    const db = createDb(this.env.DB);
    const credited: CollabIdentity[] = [];
    for (const a of authors) if (await mayStillWrite(db, a, articleId)) credited.push(a);
    // Only those who still may write are credited; with none of them left the changes wait in the room for the
    // next save of someone who may (a person whose rights ended saves nothing more).
    if (credited.length === 0) return false;
    const room = { articleId, language: this.store.language() ?? '' };
    const result = await saveRoom(this.env, room, readShared(doc), credited, `collab:${articleId}`);
    if (result.saved) this.store.setD1Version(result.version);
    if (result.saved || result.reason === 'unchanged' || result.reason === 'invalid') {
      this.store.clearAuthors();
      this.noted.clear();
    }
    if (!result.saved && result.reason === 'gone') this.closeAll(CLOSE_GONE, 'The article is gone');
    return true;
  }

  /** Closes every socket whose person may no longer write the article (revoked, demoted, deactivated, reassigned). */
  async recheck(): Promise<number> {
    const articleId = this.store.articleId();
    if (!articleId) return 0;
    const db = createDb(this.env.DB);
    const verdicts = new Map<string, boolean>();
    let closed = 0;
    for (const ws of this.open()) {
      const { who } = this.attachmentOf(ws);
      const key = `${who.userId}:${who.sessionId ?? ''}:${who.tokenId ?? ''}`;
      if (!verdicts.has(key)) verdicts.set(key, await mayStillWrite(db, who, articleId));
      if (!verdicts.get(key)) {
        ws.close(CLOSE_RIGHTS_ENDED, 'You may no longer edit this article');
        await this.left(ws, CLOSE_RIGHTS_ENDED);
        closed++;
      }
    }
    return closed;
  }

  /** The article was deleted: everyone leaves now (4404) and the room forgets its document. */
  async articleGone(): Promise<number> {
    const sockets = this.open();
    for (const ws of sockets) ws.close(CLOSE_GONE, 'The article is gone');
    const articleId = this.store.articleId();
    const users = new Set(sockets.map((ws) => this.attachmentOf(ws).who.userId));
    if (articleId) for (const user of users) await forgetMember(this.env, user, articleId, this.store.language() ?? '');
    this.doc = null;
    this.presence.clear();
    if (this.storeTimer !== undefined) clearTimeout(this.storeTimer);
    this.storeTimer = undefined;
    this.pending = [];
    this.noted.clear();
    this.saveOwed = false;
    await this.ctx.storage.deleteAlarm();
    this.store.clear();
    return sockets.length;
  }

  /** A save from outside the room (the API's PUT), already in D1 as `version`: it enters as a change of its author. */
  async outsideSave(fields: SharedFields, version: number, author: { userId: string; name: string }): Promise<void> {
    if (!this.store.articleId() || this.open().length === 0) return; // the next opening reads D1 and sees the version
    const doc = await this.load();
    if (!doc) return;
    writeShared(doc, fields, { outside: author });
    if (this.store.authors().length === 0) this.store.setD1Version(version);
  }

  /** A rewrite from outside that may have changed who owns the article (a re-import): taken in, then re-checked. */
  async rewritten(fields: SharedFields, version: number, author: { userId: string; name: string }): Promise<void> {
    if (!this.store.articleId() || this.open().length === 0) return;
    await this.outsideSave(fields, version, author);
    await this.recheck();
  }

  override async alarm(): Promise<void> {
    await this.save();
    await this.recheck();
    this.flush();
    // Folding the stored updates: when the room falls idle, or in a long session past 4x that many (after a save,
    // at most once per save interval, never on the path of a relay).
    this.store.compact(this.doc, this.open().length ? 4 * COMPACT_AFTER : COMPACT_AFTER);
    if (this.open().length) await this.schedule();
  }

  /** The next alarm: at `at` (a save owed) unless one comes sooner, and a re-check while anyone is in the room. */
  private async schedule(at?: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    const next = Math.min(at ?? Infinity, this.open().length ? Date.now() + RECHECK_INTERVAL_MS : Infinity);
    if (next === Infinity) return;
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  // ---- helpers ----

  private attachmentOf(ws: WebSocket): Attachment {
    let att = this.attachments.get(ws);
    if (!att) this.attachments.set(ws, (att = ws.deserializeAttachment() as Attachment));
    return att;
  }

  /** Writes a socket's attachment (kept through hibernation) and its copy in memory. */
  private attach(ws: WebSocket, att: Attachment): void {
    ws.serializeAttachment(att);
    this.attachments.set(ws, att);
  }

  private open(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  private broadcast(message: Uint8Array): void {
    for (const ws of this.open()) send(ws, message);
  }

  private closeAll(code: number, reason: string): void {
    for (const ws of this.open()) ws.close(code, reason);
  }
}

const isOutsideAuthor = (origin: unknown) => !!origin && typeof origin === 'object' && 'outside' in origin;

function send(ws: WebSocket, message: Uint8Array): void {
  try {
    ws.send(message);
  } catch {
    // closing meanwhile: its close handler tidies up
  }
}
