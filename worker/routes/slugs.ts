// /api/slugs: slug look-up (read through KV) and renaming an entity's slug.
import { Hono } from 'hono';
import { slugRecord } from '#schema/entities';
import { entityIdParam, putSlugBody, slugParam } from '#schema/requests';
import type { AppEnv } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { ok } from '../lib/envelope';
import { BadRequest, NotFound } from '../lib/errors';
import { assertOwnerOrAdmin, currentUser, requireUser } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { resolveSlug } from '../queries/slugs';
import { jsonBody, params } from '../middleware/validate';
import {
  assertSlugFree,
  currentSlugOf,
  entityOwner,
  entityVisible,
  findSlugOfEntity,
  recacheSlug,
  renameSlugStatements,
  slugEntitySubject,
  withSlugConflict,
} from '../queries/slugs';
import { auditEntry, auditScope } from '../services/audit';

export const slugsRoutes = new Hono<AppEnv>()
  .get(
    '/:slug',
    edgeCache(),
    describe({
      summary:
        "The entity a slug names, if the caller may see it; `currentSlug` is the entity's slug now (an old slug from before a rename still resolves: clients move to the current one)",
      result: slugRecord,
      errors: [404],
    }),
    params(slugParam),
    async (c) => {
      const { slug } = c.req.valid('param');
      const db = c.get('db');
      const entityId = await resolveSlug(db, c.env.KV, slug);
      // The slug of something the caller may not see does not exist for them (names can tell too much).
      if (!entityId || !(await entityVisible(db, c.get('user'), entityId))) throw new NotFound('Slug not found');
      return ok(c, { slug, entityId, currentSlug: (await currentSlugOf(db, entityId)) ?? slug });
    },
  )

  .put(
    '/:entityId',
    describe({
      summary: 'Gives an article, channel or category a new slug',
      result: slugRecord,
      errors: [404, 409],
      ownerOrAdmin: 'the owner of the entity',
    }),
    requireUser,
    params(entityIdParam),
    ...jsonBody(putSlugBody),
    async (c) => {
      const user = currentUser(c);
      const db = c.get('db');
      const { entityId } = c.req.valid('param');
      const body = c.req.valid('json');
      const record = await findSlugOfEntity(db, entityId);
      if (record && body.kind && body.kind !== record.kind)
        throw new BadRequest(`The entity is a ${record.kind}, not a ${body.kind}`);
      // An entity without a slug record (imported data) gets one when the caller names its kind.
      const kind = record?.kind ?? body.kind;
      if (!kind) throw new NotFound('Entity not found');
      const owner = await entityOwner(db, kind, entityId);
      if (!owner.exists || !(await entityVisible(db, user, entityId))) throw new NotFound('Entity not found');
      assertOwnerOrAdmin(user, owner.userId ?? '');
      const oldSlug = record?.slug ?? null;
      if (body.slug !== oldSlug && (await assertSlugFree(db, body.slug, entityId))) {
        const subject = await slugEntitySubject(db, kind, entityId);
        await withSlugConflict(() =>
          db.batch([
            ...renameSlugStatements(db, kind, entityId, oldSlug, body.slug),
            auditEntry(db, auditScope(c), { ...subject, action: 'updated', fields: ['slug'] }),
          ]),
        );
      }
      await recacheSlug(c.env.KV, oldSlug, body.slug, entityId);
      return ok(c, { slug: body.slug, entityId, currentSlug: body.slug });
    },
  );
