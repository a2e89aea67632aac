// /api/{articles|channels|categories|news}/{id}/translations[/{language}] (issue 29, decision 054): a translation
// of the item, written by whoever may write the item (articles, channels, news: the owner and ADMIN; categories:
// ADMIN) and published directly by whoever may publish the item directly (ADMIN; a news item's writer). Mounted
// beside each kind's own routes in app.ts.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { eq } from 'drizzle-orm';
import { findLanguage, languagesOf } from '#schema/languages';
import { idOrSlugParam } from '#schema/requests';
import { categories } from '#schema/tables';
import {
  articleTranslation,
  categoryTranslation,
  channelTranslation,
  createArticleTranslationBody,
  createCategoryTranslationBody,
  createChannelTranslationBody,
  createNewsTranslationBody,
  newsTranslation,
  translationParam,
  updateArticleTranslationBody,
  updateCategoryTranslationBody,
  updateChannelTranslationBody,
  updateNewsTranslationBody,
  type CreateTranslationBody,
  type UpdateTranslationBody,
} from '#schema/translations';
import type { AppEnv, Env } from '../env';
import { ok } from '../lib/envelope';
import { Forbidden, InvalidInput, NotFound, issue } from '../lib/errors';
import { describe, documented, type Schema } from '../lib/route-doc';
import { currentUser, requireAdmin, requireEditor } from '../middleware/guards';
import { loadArticleForWrite, loadChannelForWrite, loadNewsForWrite } from '../middleware/load-for-write';
import { jsonBody, params } from '../middleware/validate';
import type { ArticleRow } from '../queries/article-mappers';
import { assertPlacedMedia } from '../queries/article-writes';
import { listMediaRows } from '../queries/article-media';
import { CATEGORY_NOT_FOUND } from '../queries/categories';
import type { ChannelRow } from '../queries/channels';
import type { NewsRow } from '../queries/news';
import { resolveIdOrSlug } from '../queries/slugs';
import { forgetTranslationSlug, forgetTranslationSlugs, translationSlugsOf } from '../queries/translated-reads';
import {
  TRANSLATION_NOT_FOUND,
  TRANSLATION_SPECS,
  createTranslation,
  deleteTranslation,
  getTranslation,
  updateTranslation,
  type TranslatedItem,
  type TranslationSpec,
  type TranslationText,
} from '../queries/translations';
import { auditScope } from '../services/audit';
import type { SessionUser } from '#schema/entities';
import { documentFromText } from '#schema/document-text';
import type { Translation } from '#schema/translations';
import type { ArticleDocument } from '#schema/document';
import { tellRoomOfDeletion, tellRoomOfSave } from '../collab/upgrade';
import { logError } from '../middleware/request-log';

type ItemVars = { article?: ArticleRow; channel?: ChannelRow; news?: NewsRow; category?: TranslatedItem };
type ItemContext = Context<AppEnv & { Variables: ItemVars }>;

/** The category of `/:id` (an id or a slug), as `c.var.category`; only ADMIN comes this far (requireAdmin). */
const loadCategoryForWrite = documented(
  { errors: [404] },
  createMiddleware<AppEnv & { Variables: { category: TranslatedItem } }>(async (c, next) => {
    const categoryId = await resolveIdOrSlug(c.var.db, c.env.KV, c.req.param('id') ?? '', CATEGORY_NOT_FOUND);
    const row = await c.var.db
      .select({ id: categories.id, title: categories.title, language: categories.language })
      .from(categories)
      .where(eq(categories.id, categoryId))
      .get();
    if (!row) throw new NotFound(CATEGORY_NOT_FOUND);
    c.set('category', { ...row, ownerId: null, public: true });
    await next();
  }),
);

interface KindRoutes {
  spec: TranslationSpec;
  /** The guard and the loader that refuse whoever may not write the item. */
  guard: MiddlewareHandler<AppEnv>;
  load: MiddlewareHandler;
  item(c: ItemContext): TranslatedItem;
  /** Whether the caller may publish the item directly (and so its translations). */
  mayPublish(user: SessionUser): boolean;
  createBody: Schema;
  updateBody: Schema;
  result: Schema;
  noun: string;
  ownerOrAdmin?: string;
}

const KINDS: Record<'articles' | 'channels' | 'categories' | 'news', KindRoutes> = {
  articles: {
    spec: TRANSLATION_SPECS.article,
    guard: requireEditor,
    load: loadArticleForWrite as MiddlewareHandler,
    item: (c) => {
      const a = c.var.article!;
      return { id: a.id, title: a.title, ownerId: a.userId, language: a.language, public: a.published };
    },
    mayPublish: (user) => user.role === 'ADMIN',
    createBody: createArticleTranslationBody,
    updateBody: updateArticleTranslationBody,
    result: articleTranslation,
    noun: 'article',
    ownerOrAdmin: "the article's owner",
  },
  channels: {
    spec: TRANSLATION_SPECS.channel,
    guard: requireEditor,
    load: loadChannelForWrite as MiddlewareHandler,
    item: (c) => {
      const ch = c.var.channel!;
      return { id: ch.id, title: ch.name, ownerId: ch.userId, language: ch.language, public: ch.published };
    },
    mayPublish: (user) => user.role === 'ADMIN',
    createBody: createChannelTranslationBody,
    updateBody: updateChannelTranslationBody,
    result: channelTranslation,
    noun: 'channel',
    ownerOrAdmin: "the channel's owner",
  },
  categories: {
    spec: TRANSLATION_SPECS.category,
    guard: requireAdmin,
    load: loadCategoryForWrite as MiddlewareHandler,
    item: (c) => c.var.category!,
    mayPublish: (user) => user.role === 'ADMIN',
    createBody: createCategoryTranslationBody,
    updateBody: updateCategoryTranslationBody,
    result: categoryTranslation,
    noun: 'category',
  },
  news: {
    spec: TRANSLATION_SPECS.news,
    guard: requireEditor,
    load: loadNewsForWrite as MiddlewareHandler,
    item: (c) => {
      const n = c.var.news!;
      // A news item is public from its publishedAt on; its writer publishes it (and so its translations).
      return { id: n.id, title: n.title, ownerId: n.userId, language: n.language, public: n.publishedAt <= Date.now() };
    },
    mayPublish: () => true,
    createBody: createNewsTranslationBody,
    updateBody: updateNewsTranslationBody,
    result: newsTranslation,
    noun: 'news item',
    ownerOrAdmin: "the news item's owner",
  },
};

/** The configured language a body names, for a new translation: 400 when it is not configured or the item's own. */
function newLanguage(env: Env, tag: string, item: TranslatedItem): string {
  const languages = languagesOf(env.LANGUAGES);
  const language = findLanguage(languages, tag);
  if (!language) {
    const names = languages.all.map((l) => l.tag).join(', ');
    throw new InvalidInput([issue('language', 'language_not_configured', `Expected one of ${names}`)]);
  }
  if (language.tag === item.language)
    throw new InvalidInput([issue('language', 'language_is_source', "Expected another language than the item's own")]);
  return language.tag;
}

/** The configured language of the path; 404 when none is (no translation can exist in it). */
function pathLanguage(env: Env, tag: string): string {
  const language = findLanguage(languagesOf(env.LANGUAGES), tag);
  if (!language) throw new NotFound(TRANSLATION_NOT_FOUND);
  return language.tag;
}

/** An article translation's media titles must name the article's own pictures and videos: 400 naming the others. */
async function assertArticleText(c: ItemContext, item: TranslatedItem, text: TranslationText): Promise<void> {
  if (text.body) await assertPlacedMedia(c.var.db, item.id, text.body as Parameters<typeof assertPlacedMedia>[2]);
  const titles = text.mediaTitles as Record<string, string> | undefined;
  if (!titles || Object.keys(titles).length === 0) return;
  const own = new Set((await listMediaRows(c.var.db, item.id)).map((m) => m.id));
  const wrong = Object.keys(titles).filter((mediaId) => !own.has(mediaId));
  if (wrong.length)
    throw new InvalidInput(
      wrong.map((mediaId) =>
        issue(['mediaTitles', mediaId], 'media_not_found', "Expected one of this article's media"),
      ),
    );
}

function textOf(spec: TranslationSpec, body: Record<string, unknown>): TranslationText {
  return Object.fromEntries(spec.fields.map((f) => [f.name, body[f.name]]));
}

/**
 * A save of an article's translation from outside its co-editing room (this PUT: an API client, a form editing
 * alone) enters that room as the saver's change, as the article PUT tells the article's room (decision 051). The
 * save stands if the room cannot be told: its next opening reads D1's newer version.
 */
async function tellTranslationRoom(c: ItemContext, item: TranslatedItem, saved: Translation, text: TranslationText) {
  if (text.title === undefined && text.teaser === undefined && text.body === undefined) return;
  const t = saved as Translation & { title: string; teaser: string; description: string; body: ArticleDocument | null };
  const user = currentUser(c);
  const fields = { title: t.title, teaser: t.teaser, body: t.body ?? documentFromText(t.description) };
  await tellRoomOfSave(c.env, { articleId: item.id, language: t.language }, fields, t.version, {
    userId: user.id,
    name: user.name,
  }).catch((err: unknown) =>
    logError(c as unknown as Context<AppEnv>, 'The co-editing room was not told of a save', err),
  );
}

function kindRoutes(k: KindRoutes) {
  const { spec } = k;
  const assertMayPublish = (c: ItemContext, published: boolean | undefined) => {
    if (published !== undefined && !k.mayPublish(currentUser(c)))
      throw new Forbidden(`Only an admin may publish a ${k.noun}'s translation; ask through a publication request`);
  };
  return new Hono<AppEnv>()
    .post(
      '/:id/translations',
      describe({
        summary: `Adds a translation of the ${k.noun}: 400 for a language not configured or the item's own, 409 when it exists`,
        result: k.result,
        status: 201,
        errors: [404, 409],
        ...(k.ownerOrAdmin ? { ownerOrAdmin: k.ownerOrAdmin } : {}),
      }),
      k.guard,
      params(idOrSlugParam),
      ...jsonBody(k.createBody),
      k.load,
      async (c) => {
        const ctx = c as unknown as ItemContext;
        const item = k.item(ctx);
        const body = (c.req as unknown as { valid(t: 'json'): CreateTranslationBody }).valid('json');
        const language = newLanguage(c.env, body.language, item);
        assertMayPublish(ctx, body.published);
        const text = textOf(spec, body);
        if (spec.entity === 'article') await assertArticleText(ctx, item, text);
        const user = currentUser(c);
        const saved = await createTranslation(
          c.var.db,
          spec,
          item,
          { language, text, slug: 'slug' in body ? body.slug : undefined, published: body.published ?? false },
          user.id,
          auditScope(c),
        );
        // A slug this language's look-ups knew as another item's own (decision 056) is now this translation's.
        if (saved.slug) await forgetTranslationSlug(c.env.KV, saved.language, spec.entity, saved.slug);
        return ok(c, saved, 201);
      },
    )
    .get(
      '/:id/translations/:language',
      describe({
        summary: `One translation of the ${k.noun} as its editor sees it (drafts too), with its outdated mark`,
        result: k.result,
        errors: [404],
        ...(k.ownerOrAdmin ? { ownerOrAdmin: k.ownerOrAdmin } : {}),
      }),
      k.guard,
      params(translationParam),
      k.load,
      async (c) => {
        const item = k.item(c);
        const language = pathLanguage(c.env, c.req.param('language') ?? '');
        return ok(c, await getTranslation(c.var.db, spec, item.id, language));
      },
    )
    .put(
      '/:id/translations/:language',
      describe({
        summary: `Saves a translation of the ${k.noun} (a revision naming its language); a stale version is 409`,
        result: k.result,
        errors: [404, 409],
        ...(k.ownerOrAdmin ? { ownerOrAdmin: k.ownerOrAdmin } : {}),
      }),
      k.guard,
      params(translationParam),
      ...jsonBody(k.updateBody),
      k.load,
      async (c) => {
        const ctx = c as unknown as ItemContext;
        const item = k.item(ctx);
        const language = pathLanguage(c.env, c.req.param('language') ?? '');
        const body = (c.req as unknown as { valid(t: 'json'): UpdateTranslationBody }).valid('json');
        assertMayPublish(ctx, body.published);
        const text = textOf(spec, body);
        if (spec.entity === 'article') await assertArticleText(ctx, item, text);
        const saved = await updateTranslation(
          c.var.db,
          spec,
          item,
          language,
          {
            version: body.version,
            text,
            slug: 'slug' in body ? body.slug : undefined,
            published: body.published,
          },
          currentUser(c).id,
          auditScope(c),
        );
        // Every slug of it, old ones too: a save that sets it back to draft must not leave one naming the item.
        if (saved.slug)
          await forgetTranslationSlugs(
            c.env.KV,
            saved.language,
            spec.entity,
            await translationSlugsOf(c.var.db, spec.entity, item.id, saved.language),
          );
        if (spec.entity === 'article') await tellTranslationRoom(ctx, item, saved, text);
        return ok(c, saved);
      },
    )
    .delete(
      '/:id/translations/:language',
      describe({
        summary: `Deletes a translation of the ${k.noun} with its slugs and revisions; the ${k.noun} stays`,
        raw: { contentTypes: [], statuses: { 204: 'Deleted' } },
        errors: [404],
        ...(k.ownerOrAdmin ? { ownerOrAdmin: k.ownerOrAdmin } : {}),
      }),
      k.guard,
      params(translationParam),
      k.load,
      async (c) => {
        const item = k.item(c);
        const language = pathLanguage(c.env, c.req.param('language') ?? '');
        const slugs = spec.slugged ? await translationSlugsOf(c.var.db, spec.entity, item.id, language) : [];
        await deleteTranslation(c.var.db, spec, item, language, auditScope(c));
        await forgetTranslationSlugs(c.env.KV, language, spec.entity, slugs);
        // Whoever writes in the translation's room is told at once (4404); the deletion stands if it cannot be.
        if (spec.entity === 'article')
          await tellRoomOfDeletion(c.env, item.id, language).catch((err: unknown) =>
            logError(c as unknown as Context<AppEnv>, 'The co-editing room was not told of a deletion', err),
          );
        return c.body(null, 204);
      },
    );
}

export const articleTranslationsRoutes = kindRoutes(KINDS.articles);
export const channelTranslationsRoutes = kindRoutes(KINDS.channels);
export const categoryTranslationsRoutes = kindRoutes(KINDS.categories);
export const newsTranslationsRoutes = kindRoutes(KINDS.news);
