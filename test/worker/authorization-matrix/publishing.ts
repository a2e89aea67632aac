// The authorization matrix's rows (its machinery in kit.ts): channels, news, translations, publications, revisions
// and preview links, slugs.
import { createArticle, createCategory, createChannel, createNewsItem } from '../content-factories';
import { unique } from '../helpers';
import { createPublicationRequest } from '../matrix-fixtures';
import {
  type Entry,
  adminEvenOverOwners,
  adminOnly,
  day,
  editors,
  everyone,
  ownerEditorOrAdmin,
  ownerOrAdminSees,
  previewOf,
  revisedArticle,
  shared,
  slugText,
  stranger,
  translationRows,
} from './kit';

export const PUBLISHING_ROWS: Entry[] = [
  // ---- channels ----
  { route: 'GET /api/channels', expected: everyone(200), request: async () => ({ path: '/channels' }) },
  {
    route: 'GET /api/channels/:id',
    when: 'published',
    expected: everyone(200),
    request: async () => ({ path: `/channels/${shared.channel.id}` }),
  },
  {
    route: 'GET /api/channels/:id',
    when: 'private',
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/channels/${(await createChannel({ userId: c.ownerId, private: true })).id}` }),
  },
  {
    route: 'GET /api/channels/:id/summary',
    when: 'published',
    expected: everyone(200),
    request: async () => ({ path: `/channels/${shared.channel.id}/summary` }),
  },
  {
    route: 'GET /api/channels/:id/summary',
    when: 'private',
    expected: ownerOrAdminSees(200),
    request: async (c) => ({
      path: `/channels/${(await createChannel({ userId: c.ownerId, private: true })).id}/summary`,
    }),
  },
  {
    route: 'GET /api/channels/:id/channels',
    expected: everyone(200),
    request: async () => ({ path: `/channels/${stranger.id}/channels` }),
  },
  {
    route: 'GET /api/channels/:id/articles',
    expected: everyone(200),
    request: async () => ({ path: `/channels/${shared.channel.id}/articles?limit=5` }),
  },
  {
    route: 'POST /api/channels',
    expected: editors(201),
    request: async () => ({ path: '/channels', body: { name: unique('Channel'), infoText: 'About' } }),
  },
  {
    route: 'PUT /api/channels/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/channels/${(await createChannel({ userId: c.ownerId })).id}`,
      body: { name: unique('Renamed') },
    }),
  },
  {
    route: 'PUT /api/channels/:id',
    when: 'draft',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({
      path: `/channels/${(await createChannel({ userId: c.ownerId, published: false })).id}`,
      body: { name: unique('Renamed') },
    }),
  },
  {
    route: 'PUT /api/channels/:id',
    when: 'unpublish (ADMIN only)',
    expected: adminEvenOverOwners(200),
    request: async (c) => ({
      path: `/channels/${(await createChannel({ userId: c.ownerId })).id}`,
      body: { published: false },
    }),
  },
  {
    route: 'DELETE /api/channels/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/channels/${(await createChannel({ userId: c.ownerId })).id}` }),
  },
  {
    route: 'DELETE /api/channels/:id',
    when: 'draft',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({ path: `/channels/${(await createChannel({ userId: c.ownerId, published: false })).id}` }),
  },

  // ---- news ----
  { route: 'GET /api/news', expected: everyone(200), request: async () => ({ path: '/news' }) },
  { route: 'GET /api/news/:id', expected: everyone(200), request: async () => ({ path: `/news/${shared.newsId}` }) },
  {
    route: 'POST /api/news',
    expected: editors(201),
    request: async () => ({
      path: '/news',
      body: { title: unique('News'), ref: { kind: 'article', id: shared.article.id } },
    }),
  },
  {
    route: 'PUT /api/news/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/news/${(await createNewsItem({ refKind: 'article', refId: shared.article.id, userId: c.ownerId })).id}`,
      body: { title: 'Renamed' },
    }),
  },
  {
    route: 'DELETE /api/news/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/news/${(await createNewsItem({ refKind: 'article', refId: shared.article.id, userId: c.ownerId })).id}`,
    }),
  },

  // ---- translations (issue 29): the item's write rule; categories ADMIN's ----
  ...translationRows(
    'articles',
    'article',
    ownerEditorOrAdmin,
    async (c) => (await createArticle({ userId: c.ownerId })).id,
  ),
  ...translationRows(
    'channels',
    'channel',
    ownerEditorOrAdmin,
    async (c) => (await createChannel({ userId: c.ownerId })).id,
  ),
  ...translationRows('categories', 'category', adminOnly, async () => (await createCategory()).id),
  ...translationRows(
    'news',
    'news',
    ownerEditorOrAdmin,
    async (c) => (await createNewsItem({ refKind: 'article', refId: shared.article.id, userId: c.ownerId })).id,
  ),

  // ---- publications ----
  { route: 'GET /api/publications', expected: everyone(200), request: async () => ({ path: '/publications' }) },
  {
    // Someone else's draft is invisible: 404.
    route: 'POST /api/publications',
    when: 'draft',
    expected: ownerEditorOrAdmin(201, 404),
    request: async (c) => ({
      path: '/publications',
      body: { contentId: (await createArticle({ userId: c.ownerId, published: false })).id, type: 'article' },
    }),
  },
  {
    // Visible but someone else's: 403; one's own is past the permission check (409: already published).
    route: 'POST /api/publications',
    when: 'published',
    expected: ownerEditorOrAdmin(409),
    request: async (c) => ({
      path: '/publications',
      body: { contentId: (await createArticle({ userId: c.ownerId })).id, type: 'article' },
    }),
  },
  {
    route: 'POST /api/publications/unpublish',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: '/publications/unpublish',
      body: { contentId: (await createArticle({ userId: c.ownerId })).id, type: 'article' },
    }),
  },
  {
    route: 'GET /api/publications/requests',
    expected: editors(200),
    request: async () => ({ path: '/publications/requests' }),
  },
  {
    // Owners may not approve their own requests.
    route: 'PUT /api/publications/update-status',
    expected: adminEvenOverOwners(200),
    request: async (c) => {
      const article = await createArticle({ userId: c.ownerId, published: false });
      return {
        path: '/publications/update-status',
        body: { id: await createPublicationRequest(c.ownerId, article.id, 'article'), status: 'APPROVED' },
      };
    },
  },
  {
    route: 'PUT /api/publications/update-expiration',
    expected: adminEvenOverOwners(200),
    request: async (c) => {
      const article = await createArticle({ userId: c.ownerId, published: false });
      const id = await createPublicationRequest(c.ownerId, article.id, 'article');
      return {
        path: '/publications/update-expiration',
        body: { id, expirationDate: new Date(Date.now() + day).toISOString() },
      };
    },
  },

  // ---- revisions and preview links (decision 029) ----
  {
    route: 'GET /api/revisions/:type/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/revisions/article/${(await revisedArticle(c.ownerId)).id}` }),
  },
  {
    route: 'GET /api/revisions/:type/:id/:revisionId',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => {
      const { id, revisionId } = await revisedArticle(c.ownerId);
      return { path: `/revisions/article/${id}/${revisionId}` };
    },
  },
  {
    route: 'POST /api/revisions/:type/:id/:revisionId/restore',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => {
      const { id, revisionId } = await revisedArticle(c.ownerId);
      return { path: `/revisions/article/${id}/${revisionId}/restore`, body: {} };
    },
  },
  {
    route: 'POST /api/previews',
    expected: ownerEditorOrAdmin(201),
    request: async (c) => ({
      path: '/previews',
      body: { type: 'article', id: (await createArticle({ userId: c.ownerId })).id },
    }),
  },
  {
    route: 'GET /api/previews/of/:type/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/previews/of/article/${(await createArticle({ userId: c.ownerId })).id}` }),
  },
  {
    route: 'DELETE /api/previews/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/previews/${(await previewOf(c.ownerId)).link.id}` }),
  },
  {
    route: 'GET /api/previews/view/:token',
    expected: everyone(200),
    request: async (c) => ({ path: `/previews/view/${(await previewOf(c.ownerId)).link.token}` }),
  },
  {
    route: 'GET /api/previews/view/:token/files/:key{.+}',
    raw: true,
    expected: everyone(200),
    request: async (c) => {
      const { link, key } = await previewOf(c.ownerId);
      return { path: `/previews/view/${link.token}/files/${key}` };
    },
  },
  {
    route: 'HEAD /api/previews/view/:token/files/:key{.+}',
    raw: true,
    expected: everyone(200),
    request: async (c) => {
      const { link, key } = await previewOf(c.ownerId);
      return { path: `/previews/view/${link.token}/files/${key}` };
    },
  },
  {
    route: 'PUT /api/publications/update-start',
    expected: adminEvenOverOwners(200),
    request: async (c) => {
      const article = await createArticle({ userId: c.ownerId, published: false });
      const id = await createPublicationRequest(c.ownerId, article.id, 'article');
      return { path: '/publications/update-start', body: { id, publishAt: new Date(Date.now() + day).toISOString() } };
    },
  },

  // ---- slugs ----
  {
    route: 'GET /api/slugs/:slug',
    when: 'published',
    expected: everyone(200),
    request: async () => ({ path: `/slugs/${shared.article.slug}` }),
  },
  {
    route: 'GET /api/slugs/:slug',
    when: 'draft',
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/slugs/${(await createArticle({ userId: c.ownerId, published: false })).slug}` }),
  },
  {
    route: 'PUT /api/slugs/:entityId',
    when: 'article',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/slugs/${(await createArticle({ userId: c.ownerId })).id}`,
      body: { slug: slugText() },
    }),
  },
  {
    route: 'PUT /api/slugs/:entityId',
    when: 'draft article',
    expected: { ...ownerEditorOrAdmin(200, 404), REGULAR_USER: 404 },
    request: async (c) => ({
      path: `/slugs/${(await createArticle({ userId: c.ownerId, published: false })).id}`,
      body: { slug: slugText() },
    }),
  },
  {
    route: 'PUT /api/slugs/:entityId',
    when: 'category',
    expected: adminOnly(200),
    request: async () => ({ path: `/slugs/${(await createCategory()).id}`, body: { slug: slugText() } }),
  },
];
