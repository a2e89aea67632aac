// /api/webhooks: the admin's webhooks (decision 035): the list, changes, the test ping, deliveries and their retry.
import * as z from 'zod/mini';
import {
  updatedWebhook,
  webhook,
  webhookDelivery,
  webhookWithSecret,
  type CreateWebhookBody,
  type UpdateWebhookBody,
} from '#schema/webhooks';
import { api, call, seg } from './client';

export const listWebhooks = () => call(api.webhooks.$get(), z.array(webhook));
/** Answers the new webhook and its secret, which no later call shows again. */
export const createWebhook = (body: CreateWebhookBody) => call(api.webhooks.$post({ json: body }), webhookWithSecret);
export const updateWebhook = (id: string, patch: UpdateWebhookBody) =>
  call(api.webhooks[':id'].$put({ param: { id: seg(id) }, json: patch }), updatedWebhook);
export const deleteWebhook = (id: string) => call(api.webhooks[':id'].$delete({ param: { id: seg(id) } }), z.null());
export const pingWebhook = (id: string) =>
  call(api.webhooks[':id'].ping.$post({ param: { id: seg(id) } }), webhookDelivery);
export const listDeliveries = (id: string) =>
  call(api.webhooks[':id'].deliveries.$get({ param: { id: seg(id) } }), z.array(webhookDelivery));
export const retryDelivery = (id: string, deliveryId: string) =>
  call(
    api.webhooks[':id'].deliveries[':deliveryId'].retry.$post({ param: { id: seg(id), deliveryId: seg(deliveryId) } }),
    webhookDelivery,
  );
