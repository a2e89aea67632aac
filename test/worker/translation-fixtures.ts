// Translations written straight into D1 as a test's starting point (issue 29): rows as the write API stores them,
// one per item and language, with their slugs in translation_slugs.
import { env } from 'cloudflare:workers';
import {
  articleTranslations,
  categoryTranslations,
  channelTranslations,
  newsTranslations,
  translationSlugs,
} from '#schema/tables';
import { db, unique } from './helpers';

export interface ArticleTranslationOverrides {
  slug: string;
  title: string;
  teaser: string;
  description: string;
  body: unknown;
  mediaTitles: Record<string, string>;
  published: boolean;
  sourceTextVersion: number;
  oldSlugs: string[];
}

export async function translateArticle(
  articleId: string,
  language: string,
  o: Partial<ArticleTranslationOverrides> = {},
): Promise<{ slug: string }> {
  const slug = o.slug ?? `de-${articleId.slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare(
      `insert into article_translations (article_id, language, slug, title, teaser, description, body, media_titles,
        published, source_text_version)
        values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, coalesce(?10, (select text_version from articles where id = ?1)))`,
    ).bind(
      articleId,
      language,
      slug,
      o.title ?? 'Übersetzter Titel',
      o.teaser ?? 'Übersetzter Anreißer',
      o.description ?? 'Übersetzter Text',
      o.body === undefined ? null : JSON.stringify(o.body),
      JSON.stringify(o.mediaTitles ?? {}),
      o.published === false ? 0 : 1,
      o.sourceTextVersion ?? null,
    ),
    env.DB.prepare(
      `insert into translation_slugs (language, slug, entity_id, entity_kind, current) values (?, ?, ?, 'article', 1)`,
    ).bind(language, slug, articleId),
    ...(o.oldSlugs ?? []).map((old) =>
      env.DB.prepare(
        `insert into translation_slugs (language, slug, entity_id, entity_kind, current) values (?, ?, ?, 'article', 0)`,
      ).bind(language, old, articleId),
    ),
  ]);
  return { slug };
}

/** A translation of a channel, category or news item (news have no slug): `text` its name/title and description. */
export async function translateItem(
  kind: 'channel' | 'category' | 'news',
  id: string,
  language: string,
  o: { slug?: string; title: string; text?: string; published?: boolean },
): Promise<void> {
  const published = o.published === false ? 0 : 1;
  const statements =
    kind === 'channel'
      ? [
          env.DB.prepare(
            `insert into channel_translations (channel_id, language, slug, name, info_text, published, source_text_version)
             values (?1, ?2, ?3, ?4, ?5, ?6, (select text_version from channels where id = ?1))`,
          ).bind(id, language, o.slug!, o.title, o.text ?? '', published),
        ]
      : kind === 'category'
        ? [
            env.DB.prepare(
              `insert into category_translations (category_id, language, slug, title, description, published, source_text_version)
               values (?1, ?2, ?3, ?4, ?5, ?6, (select text_version from categories where id = ?1))`,
            ).bind(id, language, o.slug!, o.title, o.text ?? '', published),
          ]
        : [
            env.DB.prepare(
              `insert into news_translations (news_id, language, title, teaser, published, source_text_version)
               values (?1, ?2, ?3, ?4, ?5, (select text_version from news where id = ?1))`,
            ).bind(id, language, o.title, o.text ?? '', published),
          ];
  if (o.slug)
    statements.push(
      env.DB.prepare(
        `insert into translation_slugs (language, slug, entity_id, entity_kind, current) values (?, ?, ?, ?, 1)`,
      ).bind(language, o.slug, id, kind),
    );
  await env.DB.batch(statements);
}

export type TranslatedKind = 'article' | 'channel' | 'category' | 'news';

/** A German draft translation of the item, with its current slug (news has none); returns its slug. */
export async function createTranslationRow(kind: TranslatedKind, itemId: string, language = 'de-DE'): Promise<string> {
  const slug = unique('de')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const state = { language, sourceTextVersion: 1 };
  if (kind === 'article')
    await db()
      .insert(articleTranslations)
      .values({ articleId: itemId, slug, title: 'Deutscher Titel', ...state });
  else if (kind === 'channel')
    await db()
      .insert(channelTranslations)
      .values({ channelId: itemId, slug, name: 'Deutscher Kanal', ...state });
  else if (kind === 'category')
    await db()
      .insert(categoryTranslations)
      .values({ categoryId: itemId, slug, title: 'Deutsche Kategorie', ...state });
  else
    await db()
      .insert(newsTranslations)
      .values({ newsId: itemId, title: 'Deutsche Nachricht', ...state });
  if (kind !== 'news')
    await db().insert(translationSlugs).values({ language, slug, entityId: itemId, entityKind: kind });
  return slug;
}
