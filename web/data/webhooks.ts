// The admin's webhooks in the data cache: one family, ['webhooks'], which every write invalidates (the list and
// each webhook's deliveries).
import type { CreateWebhookBody, UpdateWebhookBody } from '#schema/webhooks';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  pingWebhook,
  retryDelivery,
  updateWebhook,
} from '../api/webhooks';
import { useQuery, write, type QueryKey } from './cache';

const WEBHOOKS: QueryKey = ['webhooks'];

export const useWebhooks = () => useQuery(WEBHOOKS, listWebhooks);
export const useDeliveries = (webhookId: string | null) =>
  useQuery(webhookId ? ['webhooks', webhookId, 'deliveries'] : null, () => listDeliveries(webhookId!));

export const addWebhook = (body: CreateWebhookBody) => write(() => createWebhook(body), { invalidate: [WEBHOOKS] });
export const changeWebhook = (id: string, patch: UpdateWebhookBody) =>
  write(() => updateWebhook(id, patch), { invalidate: [WEBHOOKS] });
export const removeWebhook = (id: string) => write(() => deleteWebhook(id), { invalidate: [WEBHOOKS] });
export const sendPing = (id: string) => write(() => pingWebhook(id), { invalidate: [WEBHOOKS] });
export const retryWebhookDelivery = (id: string, deliveryId: string) =>
  write(() => retryDelivery(id, deliveryId), { invalidate: [WEBHOOKS] });
