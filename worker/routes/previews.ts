// /api/previews: shareable, read-only preview links of one article, channel or news item (decision 029).
// Creating, listing and revoking are the item owner's (or ADMIN's); viewing needs only the token, and answers
// the latest saved state with noindex and no caching, plus the files that item shows. Nothing else opens.
import { Hono, type Context } from 'hono';
import { preview, previewLink, previewLinkList } from '#schema/entities';
import { createPreviewLinkBody, previewFileParam, previewTokenParam, revisionsParam } from '#schema/requests';
import { idParam } from '#schema/requests';
import type { AppEnv, Db } from '../env';
import { ok } from '../lib/envelope';
import { NotFound } from '../lib/errors';
import { currentUser, requireEditor } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { jsonBody, params } from '../middleware/validate';
import { articleForWrite } from '../queries/articles';
import { channelForWrite } from '../queries/channels';
import { newsForWrite } from '../queries/news';
import {
  assertMayRevoke,
  createPreviewLink,
  findPreviewLink,
  itemOwner,
  itemShowsFile,
  linkOfToken,
  listPreviewLinks,
  previewOfToken,
  revokePreviewLink,
} from '../queries/previews';
import type { SessionUser } from '#schema/entities';
import type { RevisionType } from '#schema/tables';

async function ownerOfWritable(db: Db, user: SessionUser, type: RevisionType, id: string): Promise<string> {
  if (type === 'article') return (await articleForWrite(db, user, id)).userId;
  if (type === 'channel') return (await channelForWrite(db, user, id)).userId;
  return (await newsForWrite(db, user, id)).userId;
}

const PRIVATE_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
};
const privateAnswer = (c: Context) => {
  for (const [k, v] of Object.entries(PRIVATE_HEADERS)) c.header(k, v);
};

export const previewsRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describe({
      summary: 'Creates a preview link of an item (7 days unless expiresInDays says otherwise); the token once',
      result: previewLink,
      status: 201,
      errors: [404],
      ownerOrAdmin: "the item's owner",
    }),
    requireEditor,
    ...jsonBody(createPreviewLinkBody),
    async (c) => {
      const user = currentUser(c);
      const { type, id, expiresInDays } = c.req.valid('json');
      await ownerOfWritable(c.var.db, user, type, id);
      return ok(c, await createPreviewLink(c.var.db, user, { type, id }, expiresInDays), 201);
    },
  )

  .get(
    '/of/:type/:id',
    describe({
      summary: "An item's preview links, newest first",
      result: previewLinkList,
      errors: [404],
      ownerOrAdmin: "the item's owner",
    }),
    requireEditor,
    params(revisionsParam),
    async (c) => {
      const { type, id } = c.req.valid('param');
      await ownerOfWritable(c.var.db, currentUser(c), type, id);
      return ok(c, await listPreviewLinks(c.var.db, id));
    },
  )

  .delete(
    '/:id',
    describe({
      summary: 'Revokes a preview link: it opens nothing from now on',
      result: previewLink,
      errors: [404],
      ownerOrAdmin: "the item's owner or the link's maker",
    }),
    requireEditor,
    params(idParam),
    async (c) => {
      const db = c.var.db;
      const user = currentUser(c);
      const link = await findPreviewLink(db, c.req.valid('param').id);
      const owner = await itemOwner(db, link).catch(() => null);
      if (!owner && user.role !== 'ADMIN' && user.id !== link.userId) throw new NotFound('Preview link not found');
      assertMayRevoke(user, link, owner?.id ?? link.userId);
      return ok(c, await revokePreviewLink(db, link));
    },
  )

  .get(
    '/view/:token',
    describe({
      summary: "What a preview link shows: the item's latest saved state, read-only (noindex, not cached)",
      result: preview,
      errors: [404],
    }),
    params(previewTokenParam),
    async (c) => {
      const db = c.var.db;
      const { token } = c.req.valid('param');
      const answer = await previewOfToken(db, token);
      privateAnswer(c);
      return ok(c, answer);
    },
  )

  .get(
    '/view/:token/files/:key{.+}',
    describe({
      summary: 'A file the previewed item shows (404 for any other)',
      raw: { contentTypes: ['image/*', 'video/*'], statuses: { 200: 'The file' } },
      errors: [400, 404],
    }),
    params(previewFileParam),
    async (c) => {
      const db = c.var.db;
      const { token, key } = c.req.valid('param');
      const link = await linkOfToken(db, token);
      if (!(await itemShowsFile(db, link, key))) throw new NotFound('File not found');
      const object = await c.env.FILES.get(key);
      if (!object) throw new NotFound('File not found');
      const headers = new Headers(PRIVATE_HEADERS);
      headers.set('Content-Type', object.httpMetadata?.contentType ?? 'application/octet-stream');
      headers.set('Content-Length', String(object.size));
      headers.set('X-Content-Type-Options', 'nosniff');
      return new Response(object.body, { status: 200, headers });
    },
  );
