// What a fuzz run draws from (worker/scripts/fuzz-requests.ts): a seeded random source, the words editors type,
// hostile strings, field names, content types, methods and a picture's first bytes.

/** mulberry32: small, fast and seeded, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0x10',
  '99999999999999999999',
  '../../etc/passwd',
  '..%2F..%2Fetc',
  '%00',
  '%2e%2e%2f',
  '%252F',
  '%FF%FE',
  '%E0%A4%A',
  '%C3%28',
  '%',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '${7*7}',
  '{{7*7}}',
  '\\',
  '/',
  '🙂',
  '𝕳𝖊𝖑𝖑𝖔',
  '\u202Egnp.exe',
  'Ω≈ç√∫',
  'ﷺ',
  'a\u0000b',
  'zalgơ̸̡̢̛̛̛̛̛̛̛',
  'café',
  'ß',
  '北京',
  'NEAR(',
  '"*',
  'title:x',
  // String.prototype.replace's replacement patterns: text that carries them must come back as written (issue 27 §1).
  '$`',
  "$'",
  '$&',
  '$1',
  '$<x>',
  '$$',
];
/** Words of the text editors type every day (titles, names, filters), in the portal's languages. */
const WORDS = [
  'Alpine',
  'huts',
  'worth',
  'the',
  'climb',
  'in',
  'summer',
  'and',
  'autumn',
  'too',
  'Café',
  'am',
  'See',
  'Straße',
  'über',
  'Größe',
  'à',
  'la',
  'carte',
  'naïve',
  'crème',
  'brûlée',
  'Zürich',
  'São',
  'Paulo',
  '2026',
  '10',
  'best',
  'of',
  'a',
  "editor's",
  'picks:',
  'how-to',
  '(part',
  '2)',
  '—',
  '&',
  'Q&A',
  '100%',
  'under_score',
  'Łódź',
  '東京',
  'Ελλάδα',
];

/**
 * Realistic text of exactly `length` characters (UTF-16 units), words and spaces with no space at either end, as
 * an editor would type it: the long-but-ordinary input that hostile strings miss (issue: a 52-character title
 * answered 500 because D1 refuses LIKE patterns over 50 bytes).
 */
export function realisticText(random: () => number, length: number): string {
  let text = '';
  while (text.length < length) text += (text ? ' ' : '') + WORDS[Math.floor(random() * WORDS.length)]!;
  text = text.slice(0, length);
  // A cut may leave a space at the end or half a surrogate pair; mend it with a letter, keeping the length.
  if (/[\s\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1) + 'x';
  return text;
}

export const FIELD_NAMES = [
  'title',
  'name',
  'email',
  'password',
  'currentPassword',
  'username',
  'searchText',
  'kind',
  'id',
  'ref',
  'contentId',
  'contentType',
  'channelId',
  'categoryIds',
  'parentId',
  'slug',
  'ordinal',
  'type',
  'media',
  'images',
  'videos',
  'imageFileTag',
  'videoFileTag',
  'thumbnailFileTag',
  'thumbnailMillis',
  'hidden',
  'private',
  'restricted',
  'published',
  'role',
  'active',
  'status',
  'expirationDate',
  'articleOrdinals',
  'coverMedia',
  'position',
  'scale',
  'blobKey',
  'token',
  'message',
  'publishedAt',
  'teaser',
  'description',
  'userId',
];
export const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/merge-patch+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  '',
  'image/png',
];
export const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];
export const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

/** Generators of realistic text (words, up to 200 characters) and hostile strings, from a seeded `random`. */
export function fuzzTexts(random: () => number) {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const realistic = () => realisticText(random, 1 + int(random() < 0.5 ? 80 : 200));
  const hostile = (): string => {
    const roll = random();
    if (roll < 0.1) return realistic();
    if (roll < 0.45) return pick(HOSTILE);
    if (roll < 0.6) return pick(HOSTILE).repeat(1 + int(200));
    if (roll < 0.7) return 'x'.repeat(int(5000));
    if (roll < 0.8) return String.fromCodePoint(...Array.from({ length: 1 + int(40) }, () => int(0x2ffff) & ~0x800));
    return Math.random().toString(36).slice(2);
  };
  return { realistic, hostile };
}
