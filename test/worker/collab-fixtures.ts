// Sockets into a co-editing room through the worker's real fetch handler (GET /api/articles/{id}/collab).
import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { RoomClient } from '../collab/client';
import { BASE } from './helpers';

export async function upgrade(articleId: string, headers: Record<string, string> = {}, query = '') {
  return exports.default.fetch(
    new Request(`${BASE}/api/articles/${articleId}/collab${query}`, { headers: { Upgrade: 'websocket', ...headers } }),
  );
}

/**
 * Opens a socket as the cookie's user and attaches `client` (a new one unless given); resolves once synced. `query`
 * names a translation's room (`?lang=de-DE`).
 */
export async function join(articleId: string, cookie: string, client = new RoomClient(), query = '') {
  const res = await upgrade(articleId, { Cookie: cookie }, query);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  client.attach(ws);
  await client.until(() => client.synced, 5_000, 'the first sync');
  return client;
}
