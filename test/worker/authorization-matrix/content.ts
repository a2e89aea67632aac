// The authorization matrix's rows (its machinery in kit.ts): articles and their media, authors and categories.
import { createArticle, createCategory, createChannel } from '../content-factories';
import { createUser, unique } from '../helpers';
import { mp4File, multipartBody, pngFile } from '../upload-fixtures';
import {
  type Entry,
  adminEvenOverOwners,
  adminOnly,
  editors,
  everyone,
  galleryOf,
  ownerEditorOrAdmin,
  ownerOrAdminSees,
  selfOrAdmin,
  shared,
  stranger,
  videoOf,
} from './kit';

export const CONTENT_ROWS: Entry[] = [
  // ---- authors ----
  {
    route: 'GET /api/authors/:username',
    when: 'an active author',
    expected: everyone(200),
    request: async () => ({ path: `/authors/${encodeURIComponent(stranger.name)}` }),
  },
  {
    route: 'GET /api/authors/:username',
    when: 'a deactivated account',
    expected: everyone(404),
    request: async () => ({ path: `/authors/${(await createUser({ role: 'CLIENT', active: false })).name}` }),
  },
  {
    route: 'GET /api/authors/:username/articles',
    expected: everyone(200),
    request: async () => ({ path: `/authors/${encodeURIComponent(stranger.name)}/articles?limit=5` }),
  },

  // ---- articles ----
  { route: 'GET /api/articles', expected: everyone(200), request: async () => ({ path: '/articles?limit=5' }) },
  {
    route: 'GET /api/articles/:id',
    when: 'published',
    expected: everyone(200),
    request: async () => ({ path: `/articles/${shared.article.id}` }),
  },
  {
    route: 'GET /api/articles/:id',
    when: 'draft',
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/articles/${(await createArticle({ userId: c.ownerId, published: false })).id}` }),
  },
  {
    route: 'POST /api/articles',
    when: 'into a channel',
    expected: ownerEditorOrAdmin(201),
    request: async (c) => ({
      path: '/articles',
      body: { title: unique('Article'), type: 'text', channelId: (await createChannel({ userId: c.ownerId })).id },
    }),
  },
  {
    route: 'POST /api/articles',
    when: 'no channel',
    expected: editors(201),
    request: async () => ({ path: '/articles', body: { title: unique('Article'), type: 'text', channelId: null } }),
  },
  {
    route: 'PUT /api/articles/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}`,
      body: { title: 'Renamed' },
    }),
  },
  {
    route: 'PUT /api/articles/:id',
    when: 'draft',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId, published: false })).id}`,
      body: { title: 'Renamed' },
    }),
  },
  {
    route: 'PUT /api/articles/:id',
    when: 'unpublish (ADMIN only)',
    expected: adminEvenOverOwners(200),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}`,
      body: { published: false },
    }),
  },
  {
    // Articles go only into one's own channels, even one's own article.
    route: 'PUT /api/articles/:id',
    when: "into someone else's channel",
    expected: adminEvenOverOwners(200),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}`,
      body: { channelId: shared.channel.id },
    }),
  },
  {
    // The co-editing room's upgrade (decision 051): the article's write rule answers before the missing Upgrade header
    // (the socket itself: test/worker/collab.test.ts).
    route: 'GET /api/articles/:id/collab',
    when: 'without Upgrade',
    expected: ownerEditorOrAdmin(400),
    request: async (c) => ({ path: `/articles/${(await createArticle({ userId: c.ownerId })).id}/collab` }),
  },
  {
    route: 'DELETE /api/articles/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articles/${(await createArticle({ userId: c.ownerId })).id}` }),
  },
  {
    route: 'DELETE /api/articles/:id',
    when: 'draft',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({ path: `/articles/${(await createArticle({ userId: c.ownerId, published: false })).id}` }),
  },
  {
    route: 'PUT /api/articles/:id/media',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}/media`,
      body: { kind: 'gallery' },
    }),
  },
  {
    route: 'DELETE /api/articles/:id/media',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articles/${(await galleryOf(c.ownerId)).id}/media` }),
  },
  {
    route: 'POST /api/articles/:id/media/images',
    expected: ownerEditorOrAdmin(201),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}/media/images`,
      body: multipartBody({ images: [{ imageFileTag: 'pic', title: 'A picture' }] }, { pic: pngFile() }),
    }),
  },
  {
    route: 'PUT /api/articles/:id/media/images/:ordinal',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/articles/${(await galleryOf(c.ownerId)).id}/media/images/0`,
      body: { title: 'Retitled' },
    }),
  },
  {
    route: 'DELETE /api/articles/:id/media/:ordinal',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articles/${(await galleryOf(c.ownerId)).id}/media/0` }),
  },
  {
    route: 'POST /api/articles/:id/media/video',
    expected: ownerEditorOrAdmin(201),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}/media/video`,
      body: multipartBody({ videoFileTag: 'clip', title: 'A clip', thumbnailMillis: 500 }, { clip: mp4File() }),
    }),
  },
  {
    route: 'PUT /api/articles/:id/media/video/:ordinal',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/articles/${(await videoOf(c.ownerId)).id}/media/video/0`,
      body: { title: 'Retitled', thumbnailMillis: 1000 },
    }),
  },
  {
    // Who owns the article: signed-in users may ask about themselves, ADMIN about anyone.
    route: 'GET /api/articles/:id/media/:userId/ownership',
    variants: ['self', 'other'],
    expected: selfOrAdmin(200),
    request: async (c) => ({ path: `/articles/${shared.article.id}/media/${c.ownerId}/ownership` }),
  },

  // ---- articleMedia ----
  {
    route: 'PUT /api/articleMedia/:id/media/:title',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articleMedia/${(await galleryOf(c.ownerId)).id}/media/New%20title?ordinal=0` }),
  },
  {
    route: 'PUT /api/articleMedia/:id/video/:millis',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articleMedia/${(await videoOf(c.ownerId)).id}/video/1500?ordinal=0` }),
  },

  // ---- categories: reads public, writes ADMIN ----
  { route: 'GET /api/categories', expected: everyone(200), request: async () => ({ path: '/categories' }) },
  {
    route: 'POST /api/categories/search',
    expected: everyone(200),
    request: async () => ({ path: '/categories/search', body: { searchText: 'Category' } }),
  },
  {
    route: 'GET /api/categories/:id',
    expected: everyone(200),
    request: async () => ({ path: `/categories/${shared.category.id}` }),
  },
  {
    route: 'GET /api/categories/:id/route',
    expected: everyone(200),
    request: async () => ({ path: `/categories/${shared.category.id}/route` }),
  },
  {
    route: 'GET /api/categories/:id/children',
    expected: everyone(200),
    request: async () => ({ path: `/categories/${shared.category.id}/children` }),
  },
  {
    route: 'GET /api/categories/:id/articles',
    expected: everyone(200),
    request: async () => ({ path: `/categories/${shared.category.id}/articles?limit=5` }),
  },
  {
    route: 'POST /api/categories',
    expected: adminOnly(201),
    request: async () => ({ path: '/categories', body: { title: unique('Category') } }),
  },
  {
    route: 'PUT /api/categories/:id',
    expected: adminOnly(200),
    request: async () => ({ path: `/categories/${(await createCategory()).id}`, body: { title: unique('Renamed') } }),
  },
  {
    route: 'PUT /api/categories/:id/position',
    expected: adminOnly(200),
    request: async () => ({ path: `/categories/${(await createCategory()).id}/position`, body: { index: 0 } }),
  },
  {
    route: 'DELETE /api/categories/:id',
    expected: adminOnly(200),
    request: async () => ({ path: `/categories/${(await createCategory()).id}` }),
  },
];
