// Translations written straight into D1 for the read tests (the write API is lang-writes'): one row per item and
// language, with its slug in translation_slugs as the write side keeps it.
import { env } from 'cloudflare:workers';

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
