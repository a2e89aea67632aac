// What a translatable item's page tells its head about languages (issue 29, decision 055): the item's versions (its
// source language and each published translation, with the slug in that language) and the language its text came in
// (the source's, where the page's language has no published translation: the fallback, canonical in the source).
import type { TranslationState } from '#schema/entities';
import type { UrlRef } from '#schema/urls';

/** One language's version of a page: its language tag and its SPEC path (the head puts the prefix on). */
export interface LanguageVersion {
  language: string;
  path: string;
}

/** An item as its entity answers it (only the language fields and what names it). */
interface Translatable {
  id: string;
  slug?: string | null;
  language?: string | undefined;
  sourceLanguage?: string | undefined;
  translations?: TranslationState[] | undefined;
}

/**
 * The item's versions: its text's language at the slug this answer carries, the source (by id where the answer is
 * a translation's, whose slug it does not name), and every published translation by its slug.
 */
export function itemVersions(item: Translatable, pathOf: (ref: UrlRef) => string): LanguageVersion[] {
  const language = item.language ?? item.sourceLanguage;
  if (!language) return [];
  const versions: LanguageVersion[] = [{ language, path: pathOf(item) }];
  const source = item.sourceLanguage ?? language;
  if (source !== language) versions.push({ language: source, path: pathOf(item.id) });
  for (const t of item.translations ?? []) {
    if (t.state !== 'published' || versions.some((v) => v.language === t.language)) continue;
    versions.push({ language: t.language, path: pathOf(t.slug ? { id: item.id, slug: t.slug } : item.id) });
  }
  return versions;
}
