// /api/revisions: the saved states of an article, channel or news item (decision 029), for its owner or ADMIN:
// the list, one with its fields (the form diffs two), and a restore, which is itself a save (a new revision).
import { Hono } from 'hono';
import { auditScope } from '../services/audit';
import * as z from 'zod/mini';
import { article, channel, newsItem, revisionList, revisionWithFields } from '#schema/entities';
import { articleDocument } from '#schema/document-input';
import { restoreRevisionBody, revisionLanguageQuery, revisionParam, revisionsParam } from '#schema/requests';
import { findLanguage, languagesOf } from '#schema/languages';
import { articleTranslation, channelTranslation, newsTranslation } from '#schema/translations';
import type { AppEnv, Db, Env } from '../env';
import { ok } from '../lib/envelope';
import { currentUser, requireEditor } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { jsonBody, params, query } from '../middleware/validate';
import { InvalidInput, issue } from '../lib/errors';
import { restoreTranslationRevision } from '../queries/translation-revisions';
import { categories } from '#schema/tables';
import { inArray } from 'drizzle-orm';
import { articleForWrite, assertChannelWritable, getArticle } from '../queries/articles';
import { textChanges, updateArticle } from '../queries/article-writes';
import { channelForWrite, getChannel } from '../queries/channels';
import { updateChannel } from '../queries/channel-writes';
import { newsForWrite, updateNews } from '../queries/news';
import { assertVersion, getRevision, ifMatchVersion, listRevisions } from '../queries/revisions';
import type { SessionUser } from '#schema/entities';
import type { RevisionType } from '#schema/tables';

/** 404 when the caller may not see the item, 403 unless they own it or are ADMIN (as its save would answer). */
async function assertItemWritable(db: Db, user: SessionUser, type: RevisionType, id: string): Promise<void> {
  if (type === 'article') await articleForWrite(db, user, id);
  else if (type === 'channel') await channelForWrite(db, user, id);
  else await newsForWrite(db, user, id);
}

/** Categories deleted since a revision was saved are left out of its restore. */
async function existingCategories(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = new Set(
    (
      await db
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, ids.slice(0, 90)))
        .all()
    ).map((r) => r.id),
  );
  return ids.filter((id) => found.has(id));
}

/** The configured language `?language=` names (a translation's revisions), null without one; 400 when unknown. */
function revisionLanguage(env: Env, tag: string | undefined): string | null {
  if (tag === undefined) return null;
  const language = findLanguage(languagesOf(env.LANGUAGES), tag);
  if (!language) throw new InvalidInput([issue('language', 'language_not_configured', 'Not a configured language')]);
  return language.tag;
}

// The fields each kind of revision keeps (written by the saves in queries/articles.ts, channels.ts, news.ts).
const articleFields = z.object({
  title: z.string(),
  teaser: z.string(),
  description: z.string(),
  body: z.nullable(articleDocument),
  type: z.enum(['text', 'gallery', 'video']),
  channelId: z.nullable(z.string()),
  categoryIds: z.array(z.string()),
  publishedAtCategory: z.boolean(),
  hidden: z.boolean(),
  restricted: z.boolean(),
  isAd: z.boolean(),
  isEditorial: z.boolean(),
});
const channelFields = z.object({
  name: z.string(),
  infoText: z.string(),
  categoryIds: z.array(z.string()),
  hidden: z.boolean(),
  private: z.boolean(),
  restricted: z.boolean(),
  isAd: z.boolean(),
});
const newsFields = z.object({
  title: z.string(),
  description: z.string(),
  teaser: z.string(),
  ref: z.object({ kind: z.enum(['article', 'channel']), id: z.string() }),
  publishedAt: z.string(),
});

export const revisionsRoutes = new Hono<AppEnv>()
  .get(
    '/:type/:id',
    describe({
      summary:
        "An item's revisions, newest first (the last 50, and one a day for 90 days); ?language: its translation's (the last 50)",
      result: revisionList,
      errors: [404],
      ownerOrAdmin: "the item's owner",
    }),
    requireEditor,
    params(revisionsParam),
    query(revisionLanguageQuery),
    async (c) => {
      const { type, id } = c.req.valid('param');
      const language = revisionLanguage(c.env, c.req.valid('query').language);
      await assertItemWritable(c.var.db, currentUser(c), type, id);
      return ok(c, await listRevisions(c.var.db, type, id, language));
    },
  )

  .get(
    '/:type/:id/:revisionId',
    describe({
      summary: "One revision with the fields it saved (?language: one of the item's translation in that language)",
      result: revisionWithFields,
      errors: [404],
      ownerOrAdmin: "the item's owner",
    }),
    requireEditor,
    params(revisionParam),
    query(revisionLanguageQuery),
    async (c) => {
      const { type, id, revisionId } = c.req.valid('param');
      const language = revisionLanguage(c.env, c.req.valid('query').language);
      await assertItemWritable(c.var.db, currentUser(c), type, id);
      return ok(c, await getRevision(c.var.db, type, id, revisionId, language));
    },
  )

  .post(
    '/:type/:id/:revisionId/restore',
    describe({
      summary:
        "Restores a revision: saves its fields as a new revision (409 when `version` is stale); ?language: a translation's revision, saved as the translation (its state stays)",
      result: z.union([article, channel, newsItem, articleTranslation, channelTranslation, newsTranslation]),
      errors: [404, 409],
      ownerOrAdmin: "the item's owner",
    }),
    requireEditor,
    params(revisionParam),
    query(revisionLanguageQuery),
    ...jsonBody(restoreRevisionBody),
    async (c) => {
      const db = c.var.db;
      const user = currentUser(c);
      const { type, id, revisionId } = c.req.valid('param');
      const language = revisionLanguage(c.env, c.req.valid('query').language);
      const expected = c.req.valid('json').version ?? ifMatchVersion(c.req.header('If-Match'));
      const audit = auditScope(c);
      if (language !== null) {
        const restored = await restoreTranslationRevision(db, user, type, id, revisionId, language, expected, audit);
        // Typed as a plain record for the typed client: the translation's recursive document type in this union
        // made TypeScript's comparisons of the article entity elsewhere in AppType give up (web/api/article-media.ts
        // stopped checking). The documented result above still names the translation schemas.
        return ok(c, restored as unknown as Record<string, unknown>);
      }
      const { fields } = await getRevision(db, type, id, revisionId);
      if (type === 'article') {
        const row = await articleForWrite(db, user, id);
        assertVersion(row.version, expected);
        const f = z.parse(articleFields, fields);
        if (f.channelId && f.channelId !== row.channelId) await assertChannelWritable(db, user, f.channelId);
        const { body, description, categoryIds, ...rest } = f;
        await updateArticle(
          db,
          row,
          {
            ...rest,
            ...(body ? textChanges({ body }) : textChanges({ description })),
            categoryIds: await existingCategories(db, categoryIds),
          },
          user.id,
          auditScope(c),
        );
        return ok(c, await getArticle(db, user, id));
      }
      if (type === 'channel') {
        const row = await channelForWrite(db, user, id);
        assertVersion(row.version, expected);
        const f = z.parse(channelFields, fields);
        await updateChannel(
          db,
          row,
          { ...f, categoryIds: await existingCategories(db, f.categoryIds) },
          user.id,
          auditScope(c),
        );
        return ok(c, await getChannel(db, user, id));
      }
      const row = await newsForWrite(db, user, id);
      assertVersion(row.version, expected);
      const f = z.parse(newsFields, fields);
      return ok(c, await updateNews(db, user, row, f, auditScope(c)));
    },
  );
