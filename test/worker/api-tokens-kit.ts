// Shared helpers of the API token tests (api-tokens*.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Role } from '#schema/enums';
import { apiTokens } from '#schema/tables';
import { as, call, db, type CallOptions } from './helpers';

export type Caller = Awaited<ReturnType<typeof as>>;
export const DAY = 24 * 3600 * 1000;

/** Makes a token through the API in the caller's session; answers the whole creation answer. */
export async function makeToken(
  caller: Caller,
  body: { name?: string; scope?: string; expiresInDays?: number | null } = {},
): Promise<{ id: string; token: string; expiresAt: string | null; [k: string]: unknown }> {
  const res = await caller.call('/tokens', {
    method: 'POST',
    body: { name: 'CI deploy', scope: 'full', expiresInDays: 30, ...body },
  });
  expect(res.status, res.body.message).toBe(201);
  return res.body.result;
}

/** A signed-in caller of the role and a token of theirs. */
export async function withToken(role: Role, scope: 'read' | 'full' = 'full') {
  const caller = await as(role);
  const made = await makeToken(caller, { scope });
  const bearer = (path: string, o: CallOptions = {}) =>
    call(path, { ...o, headers: { ...(o.headers as Record<string, string>), Authorization: `Bearer ${made.token}` } });
  return { caller, user: caller.user!, ...made, bearer };
}

export const rowOf = (id: string) => db().select().from(apiTokens).where(eq(apiTokens.id, id)).get();
