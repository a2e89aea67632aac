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
  sourceSlug?: string | undefined;
  translations?: TranslationState[] | undefined;
}

/**
 * The item's versions: the source at its own slug (`sourceSlug`; by id from an answer without it), its text's
 * language at the slug this answer carries, and every published translation by its slug. The same set on every
 * version's page, so the hreflang set is reciprocal; the language switch's targets too.
 */
export function itemVersions(item: Translatable, pathOf: (ref: UrlRef) => string): LanguageVersion[] {
  const language = item.language ?? item.sourceLanguage;
  if (!language) return [];
  const source = item.sourceLanguage ?? language;
  // The source first: where the reader's language has no version, the switch leads there.
  const versions: LanguageVersion[] =
    source === language
      ? [{ language, path: pathOf(item) }]
      : [
          { language: source, path: pathOf(item.sourceSlug ? { id: item.id, slug: item.sourceSlug } : item.id) },
          { language, path: pathOf(item) },
        ];
  for (const t of item.translations ?? []) {
    if (t.state !== 'published' || versions.some((v) => v.language === t.language)) continue;
    versions.push({ language: t.language, path: pathOf(t.slug ? { id: item.id, slug: t.slug } : item.id) });
  }
  return versions;
}
