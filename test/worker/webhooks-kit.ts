// Shared helpers of the webhook tests (webhooks*.test.ts).
import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { webhookDeliveries } from '#schema/tables';
import type { WebhookEvent } from '#schema/enums';
import { as, db } from './helpers';

export const RECEIVER = 'https://hooks.example.com/so-portal';

export interface Received {
  url: string;
  headers: Headers;
  body: string;
  redirect: RequestRedirect | undefined;
}

/** Stands in for the receivers (the outside world): records each request and answers `status`. */
export function receiver(status: number | (() => Response) = 200) {
  const received: Received[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    received.push({
      url: request.url,
      headers: request.headers,
      body: await request.text(),
      redirect: init?.redirect,
    });
    return typeof status === 'number' ? new Response(status === 204 ? null : 'ignored', { status }) : status();
  });
  return { received, spy };
}

export async function addWebhook(admin: Awaited<ReturnType<typeof as>>, events: WebhookEvent[], url = RECEIVER) {
  const res = await admin.call('/webhooks', { method: 'POST', body: { url, events } });
  expect(res.status).toBe(201);
  return res.body.result as { webhook: { id: string }; secret: string };
}

export const deliveriesOf = (webhookId: string) =>
  db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).all();

/** Verifies X-SO-Signature the way a receiver does: recompute the HMAC of "<t>.<body>" with the secret. */
export async function verify(secret: string, header: string | null, body: string): Promise<boolean> {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const mac = Uint8Array.from(parts.v1!.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', key, mac, new TextEncoder().encode(`${parts.t}.${body}`));
}
