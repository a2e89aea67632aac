// Webhooks (docs/decisions/035-webhooks.md): events derived from the audit log, written as pending deliveries in the
// change's own batch (the outbox trigger of migration 0014), put on the WEBHOOKS queue once the request's write is
// done, and sent by the worker's `queue` handler: signed POSTs, retried with back-off for more than a day, then
// failed until an admin retries them. The Cron Trigger puts back on the queue what a lost send left pending.
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { webhookDeliveries, webhooks, type WebhookPayload } from '#schema/tables';
import type { Db, Env } from '../env';
import { createDb } from './db';
import { decryptSecret } from './webhook-secrets';

/** What a queue message carries: only the delivery's id; the row in D1 says everything else. */
export interface WebhookMessage {
  deliveryId: string;
}

/**
 * Seconds to wait after the n-th failed attempt (index n - 1): 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 12 h (a queue's
 * retry delay is at most 12 hours). Eight attempts in all over about 26.7 hours; after the eighth the delivery fails.
 */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21_600, 43_200, 43_200] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** One attempt waits this long for the receiver's answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A delivery never put on the queue this long after its event (the request's send was lost) goes out by the Cron Trigger. */
export const UNSENT_AFTER_MS = 60_000;
/** A pending delivery whose attempt is this much overdue lost its message: the Cron Trigger puts it back. */
export const LOST_AFTER_MS = 10 * 60_000;
/** Deliveries the Cron Trigger re-enqueues per run at most. */
const RESEND_PER_RUN = 500;
/** Queue messages per sendBatch (the queue takes at most 100) and ids per `IN (...)` (D1 binds at most 100). */
const CHUNK = 90;

// ---- where a webhook may point (not a way in: SSRF) ----

/** Host names that are never public, whatever DNS says about them. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.localdomain', '.home.arpa', '.arpa', '.invalid', '.lan'];
/** The names the local exception allows (`WEBHOOKS_ALLOW_LOCAL=1`, only under wrangler dev and the tests). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface UrlRules {
  /** `WEBHOOKS_ALLOW_LOCAL === "1"`: http and loopback receivers allowed (local development only). */
  allowLocal: boolean;
  /** The portal's own address (SITE_URL), which a webhook may never call. */
  siteUrl: string;
}

export const urlRules = (env: Env): UrlRules => ({
  allowLocal: env.WEBHOOKS_ALLOW_LOCAL === '1',
  siteUrl: env.SITE_URL,
});

/**
 * Why the URL may not be a webhook's target, or null when it may: https only; no user name or password; no IP
 * address (private, loopback, link-local, CGNAT, unique-local, metadata or public alike: a name is needed); no name
 * that is never public (localhost, *.local, *.internal, a single label, ...); never the portal's own host. Checked
 * when a webhook is saved and again before each delivery. Locally, with `allowLocal`, http and loopback are allowed.
 */
export function webhookUrlProblem(raw: string, rules: UrlRules): string | null {
  return outboundUrlRefusal(raw, rules, 'Webhook URL')?.message ?? null;
}

/** Why a URL may not be a webhook's target, with the stable code a client translates (url_not_https, ...). */
export function webhookUrlRefusal(raw: string, rules: UrlRules): { code: string; message: string } | null {
  return outboundUrlRefusal(raw, rules, 'Webhook URL');
}

/**
 * The same rules for any address the portal fetches on someone's behalf (a webhook's receiver, a picture an MCP
 * tool adds from a URL), `what` naming it in the answer.
 */
export function outboundUrlProblem(raw: string, rules: UrlRules, what: string): string | null {
  return outboundUrlRefusal(raw, rules, what)?.message ?? null;
}

function outboundUrlRefusal(raw: string, rules: UrlRules, what: string): { code: string; message: string } | null {
  const no = (code: string, message: string) => ({ code, message });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return no('url_invalid', `${what} is not a valid URL`);
  }
  // The URL parser has already turned decimal, octal and hex IPv4 forms (http://2130706433/) into dotted ones.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const site = safeUrl(rules.siteUrl);
  const loopback = rules.allowLocal && LOOPBACK_HOSTS.has(host);
  if (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:'))
    return no('url_not_https', `${what} must use https`);
  if (url.username || url.password)
    return no('url_has_credentials', `${what} must not contain a user name or password`);
  const itself = no('url_is_portal', `${what} must not point at the portal itself`);
  // Locally the portal itself is on loopback too: only its own port is refused.
  if (loopback) return site && url.host === site.host ? itself : null;
  if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    return no('url_ip_address', `${what} must name a host, not an IP address`);
  }
  if (host === 'localhost' || !host.includes('.') || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return no('url_not_public', `${what} must point at a public host`);
  }
  if (site && host === site.hostname.toLowerCase()) return itself;
  return null;
}

function safeUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

// ---- what is sent ----

/** The JSON a receiver gets. */
export interface WebhookBody {
  /** The delivery's id (also X-SO-Delivery): the same on every attempt, so a receiver can drop repeats. */
  id: string;
  event: string;
  /** When the event happened (ISO 8601). */
  createdAt: string;
  data: {
    entity: { type: string; id: string; title: string };
    action: string;
    /** The entity's page: public once published, else its workspace page; null once deleted. */
    url: string | null;
    actor: { kind: string; name: string; token: string | null };
    /** For an update: the names of the changed fields. */
    fields: string[] | null;
    /** The language of a translation's change (decision 054); absent for the item's own. */
    language?: string;
  };
}

const PUBLIC_PAGE: Record<string, string> = { article: '/article/', channel: '/chan/' };
const WORKSPACE_PAGE: Record<string, string> = {
  article: '/myaccount/articles/',
  channel: '/myaccount/channels/',
  news: '/myaccount/news/',
};

function entityUrl(payload: WebhookPayload, siteUrl: string): string | null {
  if (payload.action === 'deleted') return null;
  const base =
    payload.action === 'published' || payload.action === 'publication_approved'
      ? (PUBLIC_PAGE[payload.entityType] ?? WORKSPACE_PAGE[payload.entityType])
      : WORKSPACE_PAGE[payload.entityType];
  return base ? new URL(base + encodeURIComponent(payload.entityId), siteUrl).href : null;
}

export function webhookBody(
  delivery: { id: string; event: string; payload: WebhookPayload },
  siteUrl: string,
): WebhookBody {
  const p = delivery.payload;
  return {
    id: delivery.id,
    event: delivery.event,
    createdAt: new Date(p.at).toISOString(),
    data: {
      entity: { type: p.entityType, id: p.entityId, title: p.title },
      action: p.action,
      url: entityUrl(p, siteUrl),
      actor: { kind: p.actorKind, name: p.actorName, token: p.tokenName },
      fields: p.fields,
      ...(p.language ? { language: p.language } : {}),
    },
  };
}

const encoder = new TextEncoder();

/** Hex HMAC-SHA256 of `<timestamp>.<body>` with the secret: the `v1` of X-SO-Signature (as Stripe signs). */
export async function signPayload(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The outcome of one attempt: the receiver's status (if it answered) and, when it failed, why in a few words. */
export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/**
 * One POST to the receiver: signed, 10 s at most, redirects not followed (a 3xx is a failure: a redirect could lead
 * anywhere, the checks were made for this URL), the receiver's body never read.
 */
export async function postWebhook(
  url: string,
  secret: string,
  body: WebhookBody,
  now = Date.now(),
): Promise<AttemptResult> {
  const text = JSON.stringify(body);
  const timestamp = Math.floor(now / 1000);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'SO-Portal-Webhooks/1',
        'X-SO-Event': body.event,
        'X-SO-Delivery': body.id,
        'X-SO-Signature': `t=${timestamp},v1=${await signPayload(secret, timestamp, text)}`,
      },
      body: text,
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ok: false, statusCode: null, error: timedOut ? 'Timed out after 10 s' : 'Could not connect' };
  }
  await res.body?.cancel();
  if (res.status >= 200 && res.status < 300) return { ok: true, statusCode: res.status, error: null };
  const error = res.status >= 300 && res.status < 400 ? 'Redirect not followed' : `Answered HTTP ${res.status}`;
  return { ok: false, statusCode: res.status, error };
}

// ---- the queue's consumer ----

/** What became of a message: done (ack), or try again in `retryIn` seconds. */
export type DeliveryOutcome = { done: true } | { done: false; retryIn: number };

/**
 * One attempt of a pending delivery. A delivery that is gone (its webhook deleted), delivered or failed is done
 * without sending. A refused URL (the rules changed, or the row was edited) fails at once: retrying cannot help.
 */
export async function attemptDelivery(env: Env, deliveryId: string, now = Date.now()): Promise<DeliveryOutcome> {
  const db = createDb(env.DB);
  const row = await db
    .select({ delivery: webhookDeliveries, url: webhooks.url, secret: webhooks.secret, active: webhooks.active })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .get();
  if (!row || row.delivery.status !== 'pending') return { done: true };
  const { delivery } = row;
  const attempts = delivery.attempts + 1;
  const refused = row.active ? webhookUrlProblem(row.url, urlRules(env)) : 'Webhook is turned off';
  const result: AttemptResult = refused
    ? { ok: false, statusCode: null, error: refused }
    : await postWebhook(row.url, await decryptSecret(env.DB, row.secret), webhookBody(delivery, env.SITE_URL), now);
  const giveUp = !result.ok && (refused !== null || attempts >= MAX_ATTEMPTS);
  const retryIn = result.ok || giveUp ? null : RETRY_DELAYS_SECONDS[attempts - 1]!;
  await db
    .update(webhookDeliveries)
    .set({
      status: result.ok ? 'delivered' : giveUp ? 'failed' : 'pending',
      attempts,
      lastStatusCode: result.statusCode,
      lastError: result.error,
      nextAttemptAt: retryIn === null ? null : now + retryIn * 1000,
      deliveredAt: result.ok ? now : null,
    })
    // Only the attempt that read this state writes it: a duplicate message of the same delivery changes nothing.
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, delivery.attempts)));
  return retryIn === null ? { done: true } : { done: false, retryIn };
}

/** The worker's `queue` handler: each message one attempt; a failed one is retried later by the queue itself. */
export async function handleWebhookBatch(
  batch: MessageBatch<WebhookMessage>,
  env: Env,
  _ctx?: ExecutionContext,
): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        const outcome = await attemptDelivery(env, message.body.deliveryId);
        if (outcome.done) message.ack();
        else message.retry({ delaySeconds: outcome.retryIn });
      } catch (error) {
        // The portal's own trouble (D1 unreachable): the message comes again; the delivery's state is unchanged.
        console.error('Webhook delivery failed inside the worker', deliveryIdOf(message), error);
        message.retry({ delaySeconds: RETRY_DELAYS_SECONDS[0] });
      }
    }),
  );
}

const deliveryIdOf = (message: Message<WebhookMessage>) => message.body?.deliveryId ?? message.id;

// ---- putting deliveries on the queue ----

/** Puts the deliveries on the queue and notes when their attempt is due (now). */
export async function enqueueDeliveries(env: Env, ids: readonly string[], now = Date.now()): Promise<void> {
  const db = createDb(env.DB);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await env.WEBHOOKS.sendBatch(chunk.map((deliveryId) => ({ body: { deliveryId } satisfies WebhookMessage })));
    await db.update(webhookDeliveries).set({ nextAttemptAt: now }).where(inArray(webhookDeliveries.id, chunk));
  }
}

/** The deliveries the audit entries wrote (only entries whose batch succeeded have any), put on the queue. */
export async function enqueueAuditDeliveries(env: Env, auditIds: readonly string[]): Promise<void> {
  const db = createDb(env.DB);
  const ids: string[] = [];
  for (let i = 0; i < auditIds.length; i += CHUNK) {
    const rows = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.auditId, auditIds.slice(i, i + CHUNK)),
          eq(webhookDeliveries.status, 'pending'),
          isNull(webhookDeliveries.nextAttemptAt),
        ),
      )
      .all();
    ids.push(...rows.map((r) => r.id));
  }
  await enqueueDeliveries(env, ids);
}

/**
 * The Cron Trigger's part: pending deliveries never queued a minute after their event (the request's send was lost,
 * or the Cron Trigger's own change made them), and those whose attempt is ten minutes overdue (the message was
 * lost), go on the queue again. A receiver may then get a delivery twice: the same X-SO-Delivery id tells.
 */
export async function resendLostDeliveries(env: Env, now = Date.now()): Promise<number> {
  const db: Db = createDb(env.DB);
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        or(
          and(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.createdAt, now - UNSENT_AFTER_MS)),
          lte(webhookDeliveries.nextAttemptAt, now - LOST_AFTER_MS),
        ),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(RESEND_PER_RUN)
    .all();
  await enqueueDeliveries(
    env,
    rows.map((r) => r.id),
    now,
  );
  return rows.length;
}

/** Keeps the history bounded: delivered and failed deliveries older than this go (the Cron Trigger). */
export const DELIVERY_RETENTION_DAYS = 30;

export async function pruneDeliveries(env: Env, now = Date.now()): Promise<void> {
  await createDb(env.DB)
    .delete(webhookDeliveries)
    .where(
      and(
        sql`${webhookDeliveries.status} in ('delivered', 'failed')`,
        lte(webhookDeliveries.createdAt, now - DELIVERY_RETENTION_DAYS * 24 * 3600 * 1000),
      ),
    );
}
