// The translations of the portal's own export written back with their item (decisions 046, 054): in the item's own
// batch, so an item and its translations land whole or not at all. Each keeps its language, slug and old slugs (which
// go on redirecting), text, state, versions, author and times; the item's `text_version` is set last, after whatever
// the batch did raised it (its triggers count changes of the text and of the gallery's titles), so a translation that
// was outdated in the export is outdated here and one that was current is current. A translation in a language this
// portal does not configure (or in the item's own) is left out and listed in the report.
import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type {
  ExportArticleTranslation,
  ExportCategoryTranslation,
  ExportChannelTranslation,
  ExportNewsTranslation,
} from '#schema/export';
import { languagesOf } from '#schema/languages';
import {
  articles,
  articleTranslations,
  categories,
  categoryTranslations,
  channels,
  channelTranslations,
  news,
  newsTranslations,
  translationSlugs,
} from '#schema/tables';
import type { Db } from '../env';
import type { ImportContext, ImportProgress } from './progress';
import { ensureOwner } from './portal-records';

type Statement = BatchItem<'sqlite'>;
export type TranslatedKind = 'article' | 'channel' | 'category' | 'news';
type TranslationOf = {
  article: ExportArticleTranslation;
  channel: ExportChannelTranslation;
  category: ExportCategoryTranslation;
  news: ExportNewsTranslation;
};

const ms = (iso: string) => Date.parse(iso);

/** The item as the translations need it: its id, title (for the report), language and text version. */
export interface TranslatedItem<K extends TranslatedKind> {
  id: string;
  title: string;
  language?: string | undefined;
  textVersion?: number | undefined;
  translations?: TranslationOf[K][] | undefined;
}

export interface TranslationPlan {
  statements: Statement[];
  /** The languages written, each marked created (new here) or updated. */
  written: { language: string; created: boolean }[];
}

/** `items` in runs of at most `size`. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The languages the item has translations in here already. */
async function existingLanguages(db: Db, kind: TranslatedKind, id: string): Promise<Set<string>> {
  const rows =
    kind === 'article'
      ? await db
          .select({ language: articleTranslations.language })
          .from(articleTranslations)
          .where(eq(articleTranslations.articleId, id))
      : kind === 'channel'
        ? await db
            .select({ language: channelTranslations.language })
            .from(channelTranslations)
            .where(eq(channelTranslations.channelId, id))
        : kind === 'category'
          ? await db
              .select({ language: categoryTranslations.language })
              .from(categoryTranslations)
              .where(eq(categoryTranslations.categoryId, id))
          : await db
              .select({ language: newsTranslations.language })
              .from(newsTranslations)
              .where(eq(newsTranslations.newsId, id));
  return new Set(rows.map((r) => r.language));
}

/**
 * The translation's slugs: those it has here stop being current (they stay, as old ones, if the file no longer
 * names them), then the file's current one and its old ones. A slug another item holds in the language is not taken
 * from it: the translation's own row then fails the batch on its unique (language, slug) index, or, for an old slug,
 * the other item keeps it.
 */
function slugStatements(
  db: Db,
  kind: Exclude<TranslatedKind, 'news'>,
  id: string,
  t: { language: string; slug: string; oldSlugs: string[] },
) {
  const mine = and(eq(translationSlugs.entityId, id), eq(translationSlugs.entityKind, kind));
  const row = (slug: string, current: boolean) => ({
    language: t.language,
    slug,
    entityId: id,
    entityKind: kind,
    current,
  });
  return [
    db
      .update(translationSlugs)
      .set({ current: false })
      .where(and(mine, eq(translationSlugs.language, t.language))),
    db
      .insert(translationSlugs)
      .values(row(t.slug, true))
      .onConflictDoUpdate({
        target: [translationSlugs.language, translationSlugs.slug],
        set: { current: true },
        setWhere: mine,
      }),
    // 5 parameters a row: 18 rows a statement, under D1's 100.
    ...chunks(
      t.oldSlugs.filter((s) => s !== t.slug),
      18,
    ).map((part) =>
      db
        .insert(translationSlugs)
        .values(part.map((slug) => row(slug, false)))
        .onConflictDoNothing(),
    ),
  ];
}

/** What every translation row holds besides its text. */
const stateOf = (t: TranslationOf[TranslatedKind]) => ({
  published: t.published,
  sourceTextVersion: t.sourceTextVersion,
  version: t.version,
  userId: t.userId,
  createdAt: ms(t.createdAt),
  updatedAt: ms(t.updatedAt),
});

/** The statements writing one translation (its row inserted or updated in place, and its slugs). */
function translationStatements<K extends TranslatedKind>(
  db: Db,
  kind: K,
  id: string,
  translation: TranslationOf[K],
): Statement[] {
  if (kind === 'article') {
    const t = translation as ExportArticleTranslation;
    const values = {
      slug: t.slug,
      title: t.title,
      teaser: t.teaser,
      description: t.description,
      body: t.body,
      mediaTitles: t.mediaTitles,
      ...stateOf(t),
    };
    return [
      ...slugStatements(db, kind, id, t),
      db
        .insert(articleTranslations)
        .values({ articleId: id, language: t.language, ...values })
        .onConflictDoUpdate({ target: [articleTranslations.articleId, articleTranslations.language], set: values }),
    ];
  }
  if (kind === 'channel') {
    const t = translation as ExportChannelTranslation;
    const values = { slug: t.slug, name: t.name, infoText: t.infoText, ...stateOf(t) };
    return [
      ...slugStatements(db, kind, id, t),
      db
        .insert(channelTranslations)
        .values({ channelId: id, language: t.language, ...values })
        .onConflictDoUpdate({ target: [channelTranslations.channelId, channelTranslations.language], set: values }),
    ];
  }
  if (kind === 'category') {
    const t = translation as ExportCategoryTranslation;
    const values = { slug: t.slug, title: t.title, description: t.description, ...stateOf(t) };
    return [
      ...slugStatements(db, kind, id, t),
      db
        .insert(categoryTranslations)
        .values({ categoryId: id, language: t.language, ...values })
        .onConflictDoUpdate({ target: [categoryTranslations.categoryId, categoryTranslations.language], set: values }),
    ];
  }
  const t = translation as ExportNewsTranslation;
  const values = { title: t.title, teaser: t.teaser, ...stateOf(t) };
  return [
    db
      .insert(newsTranslations)
      .values({ newsId: id, language: t.language, ...values })
      .onConflictDoUpdate({ target: [newsTranslations.newsId, newsTranslations.language], set: values }),
  ];
}

/** The statement giving the item the file's text version; last in its batch (the triggers have run by then). */
function textVersionStatement(db: Db, kind: TranslatedKind, id: string, textVersion: number): Statement {
  if (kind === 'article') return db.update(articles).set({ textVersion }).where(eq(articles.id, id));
  if (kind === 'channel') return db.update(channels).set({ textVersion }).where(eq(channels.id, id));
  if (kind === 'category') return db.update(categories).set({ textVersion }).where(eq(categories.id, id));
  return db.update(news).set({ textVersion }).where(eq(news.id, id));
}

/**
 * The statements for an item's translations and text version, to go at the end of the item's batch. Translations in
 * a language not configured here, or in the item's own, are counted skipped and noted now: they are never written.
 */
export async function planTranslations<K extends TranslatedKind>(
  ctx: ImportContext,
  progress: ImportProgress,
  kind: K,
  item: TranslatedItem<K>,
): Promise<TranslationPlan> {
  const configured = new Set(languagesOf(ctx.env.LANGUAGES).all.map((l) => l.tag));
  const own = item.language ?? languagesOf(ctx.env.LANGUAGES).default.tag;
  const kept: TranslationOf[K][] = [];
  for (const t of item.translations ?? []) {
    const reason = !configured.has(t.language)
      ? 'the language is not configured in this portal'
      : t.language === own
        ? "it is in the item's own language"
        : null;
    if (reason) {
      progress.count('translations', 'skipped');
      progress.note({ postId: item.id, title: item.title }, `translation ${t.language} not imported: ${reason}`);
    } else kept.push(t);
  }
  const statements: Statement[] = [];
  for (const t of kept) {
    if (t.userId && t.userName !== null) await ensureOwner(ctx, t.userId, t.userName);
    statements.push(...translationStatements(ctx.db, kind, item.id, t));
  }
  if (item.textVersion !== undefined) statements.push(textVersionStatement(ctx.db, kind, item.id, item.textVersion));
  const existing = kept.length > 0 ? await existingLanguages(ctx.db, kind, item.id) : new Set<string>();
  return { statements, written: kept.map((t) => ({ language: t.language, created: !existing.has(t.language) })) };
}

/** Counts the translations of an item whose batch went through. */
export function countTranslations(progress: ImportProgress, plan: TranslationPlan): void {
  for (const w of plan.written) progress.count('translations', w.created ? 'created' : 'updated');
}
