// The languages of the workspace's rows (issue 29, decision 054): each row's source language and translations
// (language, slug, state, outdated) as one JSON column, and the "missing in …" / "outdated in …" filters. A
// translation is outdated while its item's text_version is above the translation's source_text_version.
import { sql, type SQL } from 'drizzle-orm';
import { articles, articleTranslations, channels, channelTranslations, news, newsTranslations } from '#schema/tables';
import type { WorkspaceTranslation } from '#schema/workspace';

type Kind = 'article' | 'channel' | 'news';

/** The item's table and its translation table, with the columns the subqueries join on. */
function tablesOf(kind: Kind) {
  switch (kind) {
    case 'article':
      return {
        item: articles,
        translations: articleTranslations,
        itemId: articleTranslations.articleId,
        slug: sql`${articleTranslations.slug}`,
      };
    case 'channel':
      return {
        item: channels,
        translations: channelTranslations,
        itemId: channelTranslations.channelId,
        slug: sql`${channelTranslations.slug}`,
      };
    case 'news':
      return { item: news, translations: newsTranslations, itemId: newsTranslations.newsId, slug: sql`null` };
  }
}

/** What a row selects for its languages: the source language and the translations as one JSON array text. */
export function translationColumns(kind: Kind) {
  const { item, translations: t, itemId, slug } = tablesOf(kind);
  return {
    sourceLanguage: sql<string>`${item.language}`,
    translationsJson: sql<string>`(
      select json_group_array(json_object('language', ${t.language}, 'slug', ${slug}, 'published', ${t.published},
        'outdated', ${t.sourceTextVersion} < ${item.textVersion}))
      from ${t} where ${itemId} = ${item.id}
    )`,
  };
}

export interface RowTranslations {
  sourceLanguage: string;
  translationsJson: string | null;
}

/** The row's languages as the schema says (schema/workspace.ts), translations in tag order. */
export function rowTranslations(r: RowTranslations): {
  sourceLanguage: string;
  translations: WorkspaceTranslation[];
} {
  const raw = JSON.parse(r.translationsJson ?? '[]') as {
    language: string;
    slug: string | null;
    published: number;
    outdated: number;
  }[];
  return {
    sourceLanguage: r.sourceLanguage,
    translations: raw
      .map((t) => ({
        language: t.language,
        slug: t.slug,
        state: t.published ? ('published' as const) : ('draft' as const),
        outdated: t.outdated === 1,
      }))
      .sort((a, b) => a.language.localeCompare(b.language)),
  };
}

/**
 * The conditions of `?missing=` (no translation in that language, and not written in it) and `?outdated=` (a
 * translation in that language older than the source text). The languages are configured full tags (the route
 * checks them).
 */
export function translationFilters(
  kind: Kind,
  filter: { missing?: string | undefined; outdated?: string | undefined },
): SQL[] {
  const { item, translations: t, itemId } = tablesOf(kind);
  const conditions: SQL[] = [];
  if (filter.missing) {
    conditions.push(
      sql`${item.language} <> ${filter.missing} and not exists (
        select 1 from ${t} where ${itemId} = ${item.id} and ${t.language} = ${filter.missing})`,
    );
  }
  if (filter.outdated) {
    conditions.push(
      sql`exists (select 1 from ${t} where ${itemId} = ${item.id} and ${t.language} = ${filter.outdated}
        and ${t.sourceTextVersion} < ${item.textVersion})`,
    );
  }
  return conditions;
}
