// Zod schemas of the webhooks API (decision 035): what /api/webhooks takes and answers. The worker validates with
// them; the SPA parses the answers with them.
import * as z from 'zod/mini';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from './enums';
import { id, isoDateTime } from './entities';
import { int, nonnegativeInt } from './mini';

export const WEBHOOK_URL_MAX = 2000;
/** Deliveries the admin's list shows per webhook, newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;

export const webhookEvent = z.enum(WEBHOOK_EVENTS);

/** A webhook as the admin sees it: never its secret (shown once, when made or replaced). */
export const webhook = z.object({
  id,
  url: z.string(),
  events: z.array(webhookEvent),
  active: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Webhook = z.infer<typeof webhook>;

/** A new webhook, or one whose secret was replaced: the secret, this once. */
export const webhookWithSecret = z.object({ webhook, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

/** A changed webhook, and its new secret when it was replaced (else null). */
export const updatedWebhook = z.object({ webhook, secret: z.nullable(z.string()) });
export type UpdatedWebhook = z.infer<typeof updatedWebhook>;

export const webhookDelivery = z.object({
  id,
  webhookId: id,
  /** An event name, or `ping` for the admin's test. */
  event: z.string(),
  /** The entity the event is about. */
  entityType: z.string(),
  entityId: z.string(),
  title: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: nonnegativeInt(),
  /** The receiver's HTTP status of the last attempt; null when it never answered. */
  lastStatusCode: z.nullable(int()),
  lastError: z.nullable(z.string()),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.nullable(isoDateTime),
  createdAt: isoDateTime,
  deliveredAt: z.nullable(isoDateTime),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

const webhookUrl = z
  .url({ protocol: /^https?$/, error: 'Expected an http or https URL' })
  .check(z.maxLength(WEBHOOK_URL_MAX));
const webhookEvents = z
  .array(webhookEvent)
  .check(z.minLength(1, 'Choose at least one event'), z.maxLength(WEBHOOK_EVENTS.length));

/** The server makes the secret (shown once in the answer): nobody picks a weak one. */
export const createWebhookBody = z.object({
  url: webhookUrl,
  events: webhookEvents,
  active: z.optional(z.boolean()),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** Any of the fields; `rotateSecret: true` replaces the secret (the new one is in the answer, once). */
export const updateWebhookBody = z.object({
  url: z.optional(webhookUrl),
  events: z.optional(webhookEvents),
  active: z.optional(z.boolean()),
  rotateSecret: z.optional(z.boolean()),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

export const webhookDeliveryParam = z.object({ id, deliveryId: id });
