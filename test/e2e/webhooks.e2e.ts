// A webhook delivery end to end: a receiver on this machine (a Node HTTP server on a free port, allowed by the
// local exception WEBHOOKS_ALLOW_LOCAL that the e2e server runs with), an admin who subscribes it to article
// deletions, an editor who deletes an article, and the signed POST arriving through the local Cloudflare Queue.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { baseUrl, expect, login, loginByApi, newContext, test, watchProblems } from './browser';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

const received: Received[] = [];
let server: Server;
let receiverUrl: string;
const origin = () => new URL(baseUrl()).origin;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/so-portal-hook`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** What a receiver does with X-SO-Signature: recompute HMAC-SHA256 of "<t>.<body>" with the secret. */
function signatureHolds(secret: string, header: string | undefined, body: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('an article deletion reaches the admin’s webhook receiver, signed with its secret', async ({ browser }) => {
  const admin = await newContext(browser);
  await loginByApi(admin, 'admin');
  const made = await admin.request.post('/api/webhooks', {
    data: { url: receiverUrl, events: ['article.deleted'] },
    headers: { Origin: origin() },
  });
  expect(made.status()).toBe(201);
  const { webhook, secret } = (await made.json()).result as { webhook: { id: string }; secret: string };

  const editor = await newContext(browser);
  await loginByApi(editor, 'editor');
  const title = `Webhook e2e ${Date.now().toString(36)}`;
  const created = await editor.request.post('/api/articles', {
    data: { title, type: 'text', channelId: null, description: 'Short-lived.' },
    headers: { Origin: origin() },
  });
  expect(created.status()).toBe(201);
  const articleId = (await created.json()).result.id as string;
  const deleted = await editor.request.delete(`/api/articles/${articleId}`, { headers: { Origin: origin() } });
  expect(deleted.status()).toBe(200);

  // The request queued the delivery after its answer; the local queue hands it to the worker within seconds.
  await expect.poll(() => received.length, { timeout: 30_000, interval: 250 }).toBeGreaterThan(0);
  const [delivery] = received;
  expect(delivery!.headers['x-so-event']).toBe('article.deleted');
  expect(signatureHolds(secret, delivery!.headers['x-so-signature'] as string, delivery!.body)).toBe(true);
  expect(signatureHolds('whsec_wrong', delivery!.headers['x-so-signature'] as string, delivery!.body)).toBe(false);
  const body = JSON.parse(delivery!.body);
  expect(body).toMatchObject({
    id: delivery!.headers['x-so-delivery'],
    event: 'article.deleted',
    data: {
      entity: { type: 'article', id: articleId, title },
      action: 'deleted',
      url: null,
      actor: { name: 'editor' },
    },
  });

  // The admin sees it delivered, with the receiver's status.
  await expect
    .poll(
      async () => {
        const list = await admin.request.get(`/api/webhooks/${webhook.id}/deliveries`);
        return ((await list.json()).result as { status: string; lastStatusCode: number | null }[])[0];
      },
      { timeout: 10_000 },
    )
    .toMatchObject({ status: 'delivered', lastStatusCode: 200 });

  // And on the Webhooks screen, in the browser.
  const page = await admin.newPage();
  const problems = watchProblems(page);
  await login(page, 'admin');
  await page.goto('/appManagement/webhooks');
  await page.getByRole('button', { name: `Deliveries to ${receiverUrl}` }).click();
  const row = page
    .getByRole('table', { name: `Deliveries to ${receiverUrl}` })
    .getByRole('row')
    .filter({ hasText: title });
  await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Delivered');
  expect(await row.textContent()).toContain('Article deleted');
  // The row header is the event; the cells: about, when, status, attempts, last response, actions.
  expect(await row.getByRole('cell').nth(4).textContent()).toBe('200');
  expect(problems).toEqual([]);

  await admin.request.delete(`/api/webhooks/${webhook.id}`, { headers: { Origin: origin() } });
  await admin.close();
  await editor.close();
});
