// The languages content is written and read in (issue 29). They are configured, not coded: wrangler.toml's
// `LANGUAGES` var lists BCP 47 tags (`en-US,de-DE`), the first the default. The default language keeps every URL as
// the SPEC writes it; every other language is prefixed with its short tag (`/de/article/{slug}`). No drizzle import:
// the SPA bundles this file.

/** A configured content language: its full tag (`de-DE`) and the short tag its URLs carry (`de`). */
export interface Language {
  tag: string;
  short: string;
}

/** The configured languages, the default first. */
export interface Languages {
  all: readonly Language[];
  default: Language;
}

const TAG = /^([a-z]{2,3})(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;

/** Tags the configuration may name: `de`, `de-DE`, `zh-Hant-TW`. */
export function isLanguageTag(value: string): boolean {
  return TAG.test(value);
}

/** The short tag of a full one: `de-DE` → `de`. */
export function shortTag(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

/**
 * The languages of a `LANGUAGES` value. Throws on a malformed or repeated tag, or on two tags with one short form:
 * a configuration mistake should stop the worker's first request, not quietly serve a language at the wrong URL.
 */
export function parseLanguages(value: string | undefined): Languages {
  const tags = (value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length === 0) throw new Error('LANGUAGES names no language');
  const all: Language[] = [];
  for (const tag of tags) {
    if (!isLanguageTag(tag)) throw new Error(`LANGUAGES: "${tag}" is not a language tag like en-US`);
    const short = shortTag(tag);
    if (all.some((l) => l.short === short)) throw new Error(`LANGUAGES: "${tag}" repeats the language "${short}"`);
    all.push({ tag, short });
  }
  return { all, default: all[0]! };
}

const parsed = new Map<string, Languages>();
/** parseLanguages, once per configuration value (the worker calls this on every request). */
export function languagesOf(value: string | undefined): Languages {
  const key = value ?? '';
  let languages = parsed.get(key);
  if (!languages) {
    languages = parseLanguages(value);
    parsed.set(key, languages);
  }
  return languages;
}

/** The configured language a full or short tag names (any case), or undefined. */
export function findLanguage(languages: Languages, tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  return (
    languages.all.find((l) => l.tag.toLowerCase() === lower) ??
    (lower.includes('-') ? undefined : languages.all.find((l) => l.short === lower))
  );
}

/**
 * The configured language an Accept-Language header prefers (by q, then order; `de` matches `de-DE` and `de-AT`
 * matches `de-DE`), or undefined when it names none.
 */
export function fromAcceptLanguage(languages: Languages, header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const wanted = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((w) => w.range && w.range !== '*' && w.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { range } of wanted) {
    const found = findLanguage(languages, range) ?? languages.all.find((l) => l.short === shortTag(range));
    if (found) return found;
  }
  return undefined;
}

/**
 * Splits a path into its language and the path the SPEC names: `/de/article/x` → (de-DE, `/article/x`), `/de` →
 * (de-DE, `/`), `/article/x` → (default, `/article/x`). A first segment of two letters that is no configured
 * language's short tag (no SPEC route has one) is `null`: the caller answers 404. The default language's own prefix
 * (`/en/article/x`) comes back with `prefixed: true`, for the caller to redirect to the one address (`/article/x`).
 */
export function splitLanguagePath(
  languages: Languages,
  path: string,
): { language: Language; path: string; prefixed: boolean } | null {
  const match = /^\/([a-z]{2,3})(\/.*)?$/.exec(path);
  const language = match ? languages.all.find((l) => l.short === match[1]) : undefined;
  if (!match || (!language && match[1]!.length > 2)) return { language: languages.default, path, prefixed: false };
  if (!language) return null;
  return { language, path: match[2] ?? '/', prefixed: language === languages.default };
}

/** A SPEC path in a language: the default's unchanged, any other's behind its short tag (`/` → `/de/`). */
export function languagePath(languages: Languages, language: Language | string, path: string): string {
  const lang = typeof language === 'string' ? findLanguage(languages, language) : language;
  if (!lang || lang.tag === languages.default.tag) return path;
  return path === '/' ? `/${lang.short}/` : `/${lang.short}${path}`;
}
