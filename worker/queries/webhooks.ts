// Webhooks and their deliveries (decision 035): the admin's list, changes (each with its audit entry in the same
// batch), the test ping and the retry of a failed delivery.
import { and, desc, eq } from 'drizzle-orm';
import type { CreateWebhookBody, UpdateWebhookBody, Webhook, WebhookDelivery } from '#schema/webhooks';
import { WEBHOOK_DELIVERIES_SHOWN } from '#schema/webhooks';
import { webhookDeliveries, webhooks, type WebhookPayload } from '#schema/tables';
import type { Db, Env } from '../env';
import { Conflict, InvalidInput, NotFound, issue } from '../lib/errors';
import { auditEntry, changedFields, type AuditScope } from '../services/audit';
import { decryptSecret, encryptSecret, newWebhookSecret } from '../services/webhook-secrets';
import { enqueueDeliveries, postWebhook, urlRules, webhookBody, webhookUrlRefusal } from '../services/webhooks';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  active: row.active,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  webhookId: row.webhookId,
  event: row.event,
  entityType: row.payload.entityType,
  entityId: row.payload.entityId,
  title: row.payload.title,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  nextAttemptAt: row.status === 'pending' ? isoOrNull(row.nextAttemptAt) : null,
  createdAt: iso(row.createdAt),
  deliveredAt: isoOrNull(row.deliveredAt),
});

/** 400 with an issue at `url` when the URL may not be a webhook's target (SSRF rules). */
export function assertWebhookUrl(env: Env, url: string): void {
  const refusal = webhookUrlRefusal(url, urlRules(env));
  if (refusal) throw new InvalidInput([issue('url', refusal.code, refusal.message)]);
}

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  return (await db.select().from(webhooks).orderBy(webhooks.createdAt, webhooks.id).all()).map(toWebhook);
}

export async function getWebhookRow(db: Db, id: string): Promise<WebhookRow> {
  const row = await db.select().from(webhooks).where(eq(webhooks.id, id)).get();
  if (!row) throw new NotFound(WEBHOOK_NOT_FOUND);
  return row;
}

const uniqueEvents = <T>(events: readonly T[]) => [...new Set(events)];

export async function createWebhook(
  env: Env,
  db: Db,
  input: CreateWebhookBody,
  createdBy: string,
  audit: AuditScope,
): Promise<{ webhook: Webhook; secret: string }> {
  assertWebhookUrl(env, input.url);
  const now = Date.now();
  const secret = newWebhookSecret();
  const row: WebhookRow = {
    id: crypto.randomUUID(),
    url: input.url,
    events: uniqueEvents(input.events),
    secret: await encryptSecret(env.DB, secret),
    active: input.active ?? true,
    createdBy,
    createdAt: now,
    updatedAt: now,
  };
  await db.batch([
    db.insert(webhooks).values(row),
    auditEntry(db, audit, { entityType: 'webhook', entityId: row.id, title: row.url, action: 'created' }, now),
  ]);
  return { webhook: toWebhook(row), secret };
}

export async function updateWebhook(
  env: Env,
  db: Db,
  id: string,
  input: UpdateWebhookBody,
  audit: AuditScope,
): Promise<{ webhook: Webhook; secret: string | null }> {
  const before = await getWebhookRow(db, id);
  if (input.url !== undefined) assertWebhookUrl(env, input.url);
  const now = Date.now();
  const secret = input.rotateSecret ? newWebhookSecret() : null;
  const after: WebhookRow = {
    ...before,
    url: input.url ?? before.url,
    events: input.events ? uniqueEvents(input.events) : before.events,
    active: input.active ?? before.active,
    secret: secret ? await encryptSecret(env.DB, secret) : before.secret,
    updatedAt: now,
  };
  const fields = changedFields(
    { url: before.url, events: before.events, active: before.active },
    { url: after.url, events: after.events, active: after.active },
  );
  if (secret) fields.push('secret');
  const change = db
    .update(webhooks)
    .set({ url: after.url, events: after.events, active: after.active, secret: after.secret, updatedAt: now })
    .where(eq(webhooks.id, id));
  if (fields.length === 0) return { webhook: toWebhook(before), secret: null };
  await db.batch([
    change,
    auditEntry(db, audit, { entityType: 'webhook', entityId: id, title: after.url, action: 'updated', fields }, now),
  ]);
  return { webhook: toWebhook(after), secret };
}

/** Deletes the webhook and (by cascade) its deliveries: pending ones are not sent any more. */
export async function deleteWebhook(db: Db, id: string, audit: AuditScope): Promise<void> {
  const row = await getWebhookRow(db, id);
  await db.batch([
    db.delete(webhooks).where(eq(webhooks.id, id)),
    auditEntry(db, audit, { entityType: 'webhook', entityId: id, title: row.url, action: 'deleted' }),
  ]);
}

export async function listDeliveries(db: Db, webhookId: string): Promise<WebhookDelivery[]> {
  await getWebhookRow(db, webhookId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_SHOWN)
    .all();
  return rows.map(toDelivery);
}

/**
 * The admin's test: one `ping` delivery sent at once, in the request, so the answer shows what the receiver said.
 * Recorded in the deliveries like any other (delivered or failed), never retried.
 */
export async function pingWebhook(env: Env, db: Db, webhookId: string, by: { name: string }): Promise<WebhookDelivery> {
  const hook = await getWebhookRow(db, webhookId);
  assertWebhookUrl(env, hook.url);
  const now = Date.now();
  const payload: WebhookPayload = {
    entityType: 'webhook',
    entityId: hook.id,
    title: hook.url,
    action: 'ping',
    actorKind: 'user',
    actorName: by.name,
    tokenName: null,
    fields: null,
    at: now,
  };
  const id = crypto.randomUUID();
  const result = await postWebhook(
    hook.url,
    await decryptSecret(env.DB, hook.secret),
    webhookBody({ id, event: 'ping', payload }, env.SITE_URL),
    now,
  );
  const row: DeliveryRow = {
    id,
    webhookId,
    auditId: null,
    event: 'ping',
    payload,
    status: result.ok ? 'delivered' : 'failed',
    attempts: 1,
    lastStatusCode: result.statusCode,
    lastError: result.error,
    nextAttemptAt: null,
    createdAt: now,
    deliveredAt: result.ok ? Date.now() : null,
  };
  await db.insert(webhookDeliveries).values(row);
  return toDelivery(row);
}

/** A failed delivery starts over (a new day of attempts) and goes on the queue at once. 409 unless it failed. */
export async function retryDelivery(env: Env, db: Db, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  const where = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId));
  const row = await db.select().from(webhookDeliveries).where(where).get();
  if (!row) throw new NotFound('Delivery not found');
  if (row.status !== 'failed') throw new Conflict('Only a failed delivery can be retried');
  const [reset] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: null, deliveredAt: null })
    .where(and(where, eq(webhookDeliveries.status, 'failed')))
    .returning();
  if (!reset) throw new Conflict('Only a failed delivery can be retried');
  await enqueueDeliveries(env, [deliveryId]);
  return toDelivery({ ...reset, nextAttemptAt: Date.now() });
}
