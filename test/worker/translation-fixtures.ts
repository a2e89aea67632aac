// Translations as a test's starting point (issue 29): a German draft of an item, stored as a POST would store it.
import {
  articleTranslations,
  categoryTranslations,
  channelTranslations,
  newsTranslations,
  translationSlugs,
} from '#schema/tables';
import { db, unique } from './helpers';

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
