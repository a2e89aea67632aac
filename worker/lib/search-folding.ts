// How a search text is folded in each language (issue 29, docs/decisions/056-translated-reads-and-search.md). The
// index (migrations/0026_search_languages.sql) holds every text as written, folded by unicode61 (`remove_diacritics
// 2`: 'muller' finds 'Müller'), and, for a text with ß or umlauts, its German spellings in the column `alternates`
// (ß→ss, ä→ae, ö→oe, ü→ue). A reader's language chooses its rule here, by its short tag: which columns a query
// searches and what the query text becomes first. A language with no rule of its own gets the default, today's fold.
import { shortTag, type Language } from '#schema/languages';

export interface SearchFolding {
  /** The index columns a query searches. */
  columns: readonly ('title' | 'body' | 'alternates')[];
  /** Replacements made on the query text before it is split into words. */
  replace: readonly (readonly [string, string])[];
}

/** Today's fold: unicode61's case and diacritics folding over the title and the text. */
export const DEFAULT_FOLDING: SearchFolding = { columns: ['title', 'body'], replace: [] };

/**
 * The languages whose readers fold differently, by short tag. German: `strasse` finds `Straße` (the query's ß is
 * written ss, as the index's alternates are) and `mueller` finds `Müller` (the alternates); `muller` and `Müller`
 * find it through the default fold as well.
 */
export const SEARCH_FOLDINGS: Readonly<Record<string, SearchFolding>> = {
  de: {
    columns: ['title', 'body', 'alternates'],
    replace: [
      ['ß', 'ss'],
      ['ẞ', 'ss'],
    ],
  },
};

export function searchFoldingOf(language: Language | undefined): SearchFolding {
  return (language && SEARCH_FOLDINGS[shortTag(language.tag)]) || DEFAULT_FOLDING;
}

/** The query text as the language's rule writes it. */
export function foldQueryText(folding: SearchFolding, text: string): string {
  let folded = text.normalize('NFC');
  // A function, so that a `$` in a rule's replacement is never read as a pattern (docs/development.md).
  for (const [from, to] of folding.replace) folded = folded.replaceAll(from, () => to);
  return folded;
}
