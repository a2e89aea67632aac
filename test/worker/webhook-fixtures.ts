// Webhook rows for the authorization matrix and the webhook tests, written straight into D1.
import { env } from 'cloudflare:workers';
import type { WebhookEvent } from '#schema/enums';
import { webhookDeliveries, webhooks } from '#schema/tables';
import { encryptSecret } from '#worker/services/webhook-secrets';
import { db } from './helpers';

/** An active webhook to a public https receiver; returns its id. */
export async function createWebhookRow(events: WebhookEvent[] = ['article.created']): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await db()
    .insert(webhooks)
    .values({
      id,
      url: 'https://hooks.example.com/matrix',
      events,
      secret: await encryptSecret(env.DB, 'whsec_matrix'),
      createdAt: now,
      updatedAt: now,
    });
  return id;
}

/** A delivery that gave up (status failed) of a new webhook; returns both ids. */
export async function createFailedDelivery(): Promise<{ webhookId: string; deliveryId: string }> {
  const webhookId = await createWebhookRow();
  const deliveryId = crypto.randomUUID();
  const now = Date.now();
  await db()
    .insert(webhookDeliveries)
    .values({
      id: deliveryId,
      webhookId,
      auditId: null,
      event: 'article.created',
      payload: {
        entityType: 'article',
        entityId: crypto.randomUUID(),
        title: 'Matrix',
        action: 'created',
        actorKind: 'system',
        actorName: 'system',
        tokenName: null,
        fields: null,
        at: now,
      },
      status: 'failed',
      attempts: 8,
      lastStatusCode: 500,
      lastError: 'Answered HTTP 500',
      createdAt: now,
    });
  return { webhookId, deliveryId };
}
