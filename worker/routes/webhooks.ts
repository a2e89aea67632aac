// /api/webhooks: the admin's webhooks (decision 035): subscriptions, a test ping, the recent deliveries and the
// retry of a failed one. ADMIN only, every call.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { idParam } from '#schema/requests';
import {
  createWebhookBody,
  updateWebhookBody,
  updatedWebhook,
  webhook,
  webhookDelivery,
  webhookDeliveryParam,
  webhookWithSecret,
} from '#schema/webhooks';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { describe } from '../lib/route-doc';
import { currentUser, requireAdmin } from '../middleware/guards';
import { jsonBody, params } from '../middleware/validate';
import { auditScope } from '../services/audit';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  pingWebhook,
  retryDelivery,
  updateWebhook,
} from '../queries/webhooks';

export const webhooksRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({ summary: 'Every webhook (without its secret)', result: z.array(webhook) }),
    requireAdmin,
    async (c) => ok(c, await listWebhooks(c.get('db'))),
  )

  .post(
    '/',
    describe({
      summary: 'Adds a webhook; its secret, made by the server, is in this answer only',
      description:
        'The URL must be https and name a public host (no IP address, no local name, not the portal itself). ' +
        'Deliveries are signed with the secret: X-SO-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>">.',
      result: webhookWithSecret,
      status: 201,
    }),
    requireAdmin,
    ...jsonBody(createWebhookBody),
    async (c) => {
      const user = currentUser(c);
      const made = await createWebhook(c.env, c.get('db'), c.req.valid('json'), user.id, auditScope(c));
      return ok(c, made, 201);
    },
  )

  .put(
    '/:id',
    describe({
      summary: 'Changes a webhook: URL, events, on or off; `rotateSecret` replaces the secret (answered once)',
      result: updatedWebhook,
      errors: [404],
    }),
    requireAdmin,
    params(idParam),
    ...jsonBody(updateWebhookBody),
    async (c) => {
      const id = c.req.valid('param').id;
      return ok(c, await updateWebhook(c.env, c.get('db'), id, c.req.valid('json'), auditScope(c)));
    },
  )

  .delete(
    '/:id',
    describe({
      summary: 'Deletes a webhook with its deliveries (pending ones are not sent)',
      result: z.null(),
      errors: [404],
    }),
    requireAdmin,
    params(idParam),
    async (c) => {
      await deleteWebhook(c.get('db'), c.req.valid('param').id, auditScope(c));
      return ok(c, null);
    },
  )

  .post(
    '/:id/ping',
    describe({
      summary: 'Sends a signed `ping` event now and answers the delivery with what the receiver said',
      result: webhookDelivery,
      errors: [404],
    }),
    requireAdmin,
    params(idParam),
    async (c) => {
      return ok(c, await pingWebhook(c.env, c.get('db'), c.req.valid('param').id, currentUser(c)));
    },
  )

  .get(
    '/:id/deliveries',
    describe({
      summary: 'The webhook’s 50 newest deliveries: status, attempts, last response code',
      result: z.array(webhookDelivery),
      errors: [404],
    }),
    requireAdmin,
    params(idParam),
    async (c) => ok(c, await listDeliveries(c.get('db'), c.req.valid('param').id)),
  )

  .post(
    '/:id/deliveries/:deliveryId/retry',
    describe({
      summary: 'Sends a failed delivery again, with a new day of retries (409 unless it failed)',
      result: webhookDelivery,
      errors: [404, 409],
    }),
    requireAdmin,
    params(webhookDeliveryParam),
    async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      return ok(c, await retryDelivery(c.env, c.get('db'), id, deliveryId));
    },
  );
