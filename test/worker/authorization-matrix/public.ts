// The authorization matrix's rows (its machinery in kit.ts): the public calls beside the content: contact, files,
// config, health, image options, the OpenAPI document, search.
import { createBlob } from '../content-factories';
import { unique } from '../helpers';
import { createContactMessage, createImageOption } from '../matrix-fixtures';
import { type Entry, adminOnly, draftFile, everyone, ownerOrAdminSees, selfOrAdmin, shared } from './kit';

export const PUBLIC_ROWS: Entry[] = [
  // ---- contact ----
  {
    route: 'POST /api/contact',
    expected: everyone(201),
    request: async () => ({
      path: '/contact',
      body: { kind: 'contact', name: 'Ada', email: `${unique('sender')}@example.com`, message: 'Hello' },
    }),
  },

  {
    route: 'GET /api/contact/messages',
    expected: adminOnly(200),
    request: async () => ({ path: '/contact/messages?limit=5' }),
  },
  {
    route: 'PUT /api/contact/messages/:id',
    expected: adminOnly(200),
    request: async () => ({
      path: `/contact/messages/${await createContactMessage()}`,
      body: { read: true, handled: true },
    }),
  },

  // ---- files: as visible as the entity that shows them (other methods: 405; every visibility rule: visibility.test.ts) ----
  {
    route: 'GET /api/files/:key{.+}',
    when: 'of a published article',
    raw: true,
    expected: everyone(200),
    request: async () => ({ path: `/files/${shared.fileKey}` }),
  },
  {
    route: 'HEAD /api/files/:key{.+}',
    when: 'of a published article',
    raw: true,
    expected: everyone(200),
    request: async () => ({ path: `/files/${shared.fileKey}` }),
  },
  {
    route: 'GET /api/files/:key{.+}',
    when: 'of a draft',
    raw: true,
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/files/${await draftFile(c.ownerId)}` }),
  },
  {
    route: 'HEAD /api/files/:key{.+}',
    when: 'of a draft',
    raw: true,
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/files/${await draftFile(c.ownerId)}` }),
  },

  // ---- config: public ----
  { route: 'GET /api/config', expected: everyone(200), request: async () => ({ path: '/config' }) },

  // ---- healthCheck ----
  { route: 'GET /api/healthCheck', expected: adminOnly(200), request: async () => ({ path: '/healthCheck' }) },
  { route: 'GET /api/healthCheck/fix', expected: adminOnly(200), request: async () => ({ path: '/healthCheck/fix' }) },

  // ---- imageOptions: reads public; writes by the uploader (any signed-in user) or ADMIN ----
  {
    route: 'GET /api/imageOptions/:blobKey{.+}',
    expected: everyone(200),
    request: async () => ({ path: `/imageOptions/${shared.imageKey}` }),
  },
  {
    route: 'GET /api/imageOptions',
    expected: everyone(200),
    request: async () => ({ path: `/imageOptions?keys=${encodeURIComponent(shared.imageKey)}` }),
  },
  {
    route: 'POST /api/imageOptions',
    expected: selfOrAdmin(201),
    request: async (c) => ({
      path: '/imageOptions',
      body: { blobKey: (await createBlob(c.ownerId)).key, position: '30% 70%', scale: 1.5 },
    }),
  },
  {
    route: 'PUT /api/imageOptions/:blobKey{.+}',
    expected: selfOrAdmin(200),
    request: async (c) => ({
      path: `/imageOptions/${await createImageOption(c.ownerId)}`,
      body: { position: '10% 20%', scale: 2 },
    }),
  },
  {
    route: 'DELETE /api/imageOptions/:blobKey{.+}',
    expected: selfOrAdmin(200),
    request: async (c) => ({ path: `/imageOptions/${await createImageOption(c.ownerId)}` }),
  },

  // ---- the OpenAPI document: public ----
  {
    route: 'GET /api/openapi.json',
    raw: true,
    expected: everyone(200),
    request: async () => ({ path: '/openapi.json' }),
  },

  // ---- search ----
  {
    route: 'POST /api/search/search',
    expected: everyone(200),
    request: async () => ({ path: '/search/search', body: { searchText: 'article' } }),
  },
];
