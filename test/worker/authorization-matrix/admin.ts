// The authorization matrix's rows (its machinery in kit.ts): the workspaces' and the admin's calls: admin workspace,
// export, uploads, workspace lists, webhooks, imports.
import { createChannel } from '../content-factories';
import { unique } from '../helpers';
import { createUploadOf, tinyVideo } from '../upload-fixtures';
import { createFailedDelivery, createWebhookRow } from '../webhook-fixtures';
import { createImportRow, importForm } from '../import-fixtures';
import {
  type Entry,
  adminOnly,
  editors,
  ownerEditorOrAdmin,
  ownerOnly,
  shared,
  signedIn,
  stranger,
  uploadOwner,
} from './kit';

export const ADMIN_ROWS: Entry[] = [
  // ---- admin workspace ----
  { route: 'GET /api/admin/counts', expected: adminOnly(200), request: async () => ({ path: '/admin/counts' }) },
  {
    route: 'GET /api/admin/auditLog',
    expected: adminOnly(200),
    request: async () => ({ path: `/admin/auditLog?entityType=article&entityId=${shared.article.id}&limit=5` }),
  },
  {
    route: 'GET /api/auditLog',
    expected: signedIn(200),
    request: async () => ({ path: `/auditLog?entityId=${shared.article.id}` }),
  },

  // ---- export: an editor's own content, everyone's for ADMIN only (decision 036) ----
  {
    route: 'GET /api/export',
    when: 'own content',
    raw: true,
    expected: editors(200),
    request: async () => ({ path: '/export' }),
  },
  {
    route: 'GET /api/export',
    when: 'own content with the files',
    raw: true,
    expected: editors(200),
    request: async () => ({ path: '/export?media=include' }),
  },
  {
    route: 'GET /api/export',
    when: "everyone's (?scope=all)",
    raw: true,
    expected: adminOnly(200),
    request: async () => ({ path: '/export?scope=all' }),
  },

  // ---- uploads: resumable uploads, each its owner's alone ----
  { route: 'GET /api/uploads', expected: editors(200), request: async () => ({ path: '/uploads' }) },
  {
    route: 'POST /api/uploads',
    expected: editors(201),
    request: async () => ({
      path: '/uploads',
      body: { size: 1000, contentType: 'video/mp4', fingerprint: unique('fp') },
    }),
  },
  {
    route: 'GET /api/uploads/:id',
    expected: ownerOnly(200),
    request: async (c) => ({ path: `/uploads/${await createUploadOf(await uploadOwner(c), 'open')}` }),
  },
  {
    route: 'PUT /api/uploads/:id/parts/:partNumber',
    expected: ownerOnly(200),
    request: async (c) => ({
      path: `/uploads/${await createUploadOf(await uploadOwner(c), 'open')}/parts/1`,
      body: String.fromCharCode(...tinyVideo()),
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
  },
  {
    route: 'POST /api/uploads/:id/complete',
    expected: ownerOnly(200),
    request: async (c) => ({ path: `/uploads/${await createUploadOf(await uploadOwner(c), 'sent')}/complete` }),
  },
  {
    route: 'DELETE /api/uploads/:id',
    expected: ownerOnly(200),
    request: async (c) => ({ path: `/uploads/${await createUploadOf(await uploadOwner(c))}` }),
  },

  // ---- workspace: the editor's own lists, ADMIN's of everyone ----
  {
    route: 'GET /api/workspace/articles',
    expected: editors(200),
    request: async () => ({ path: '/workspace/articles?limit=5' }),
  },
  {
    route: 'GET /api/workspace/articles',
    when: "someone else's (?owner)",
    expected: adminOnly(200),
    request: async () => ({ path: `/workspace/articles?owner=${stranger.id}` }),
  },
  {
    route: 'GET /api/workspace/channels',
    expected: editors(200),
    request: async () => ({ path: '/workspace/channels?q=Channel' }),
  },
  {
    // Someone else's channel is not theirs to arrange: 404, as if it did not exist.
    route: 'GET /api/workspace/channels/:id/articles',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({
      path: `/workspace/channels/${(await createChannel({ userId: c.ownerId, published: false })).id}/articles`,
    }),
  },
  { route: 'GET /api/workspace/news', expected: editors(200), request: async () => ({ path: '/workspace/news' }) },

  // ---- webhooks: ADMIN only (decision 035) ----
  { route: 'GET /api/webhooks', expected: adminOnly(200), request: async () => ({ path: '/webhooks' }) },
  {
    route: 'POST /api/webhooks',
    expected: adminOnly(201),
    request: async () => ({
      path: '/webhooks',
      body: { url: 'https://hooks.example.com/matrix', events: ['article.published'] },
    }),
  },
  {
    route: 'PUT /api/webhooks/:id',
    expected: adminOnly(200),
    request: async () => ({ path: `/webhooks/${await createWebhookRow()}`, body: { active: false } }),
  },
  {
    route: 'DELETE /api/webhooks/:id',
    expected: adminOnly(200),
    request: async () => ({ path: `/webhooks/${await createWebhookRow()}` }),
  },
  {
    route: 'POST /api/webhooks/:id/ping',
    expected: adminOnly(200),
    request: async () => ({ path: `/webhooks/${await createWebhookRow()}/ping` }),
  },
  {
    route: 'GET /api/webhooks/:id/deliveries',
    expected: adminOnly(200),
    request: async () => ({ path: `/webhooks/${await createWebhookRow()}/deliveries` }),
  },
  {
    route: 'POST /api/webhooks/:id/deliveries/:deliveryId/retry',
    expected: adminOnly(200),
    request: async () => {
      const { webhookId, deliveryId } = await createFailedDelivery();
      return { path: `/webhooks/${webhookId}/deliveries/${deliveryId}/retry` };
    },
  },

  // ---- imports: ADMIN only (decisions 046, 047) ----
  { route: 'GET /api/imports', expected: adminOnly(200), request: async () => ({ path: '/imports' }) },
  {
    route: 'POST /api/imports',
    expected: adminOnly(202),
    request: async () => ({ path: '/imports', body: importForm() }),
  },
  {
    route: 'GET /api/imports/:id',
    expected: adminOnly(200),
    request: async (c) => ({ path: `/imports/${await createImportRow(c.ownerId, 'done')}` }),
  },
  {
    route: 'POST /api/imports/:id/cancel',
    expected: adminOnly(200),
    request: async (c) => ({ path: `/imports/${await createImportRow(c.ownerId, 'queued')}/cancel` }),
  },
  {
    route: 'POST /api/imports/:id/start',
    expected: adminOnly(200),
    request: async (c) => ({ path: `/imports/${await createImportRow(c.ownerId, 'review')}/start`, body: {} }),
  },
  {
    route: 'POST /api/imports/:id/media/retry',
    expected: adminOnly(200),
    request: async (c) => ({ path: `/imports/${await createImportRow(c.ownerId, 'done')}/media/retry`, body: {} }),
  },
];
