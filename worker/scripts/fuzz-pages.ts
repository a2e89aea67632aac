// The pages' half of `npm run fuzz` (issue 27 §2): requests to every route of the SPA that the worker renders, the
// crawler documents and the feeds, with hostile ids and slugs, query strings and headers (Authorization,
// Accept-Language, Cookie), as anonymous, reader, editor and admin. A page answers in HTML, not the envelope; what
// counts is that none is a 5xx, none is over PAGE_SIZE_LIMIT, and none grows faster than its input: pairs of
// requests whose input differs only in length (GROWTH_PROBES) must differ in size by at most GROWTH_FACTOR times
// the input's difference. Pure TypeScript (fetch API only), so it runs in Node and workerd.
import type { ScreenRoute } from '#web/routes/+shared/route-kit';
import { FUZZ_ROLES, fuzzTexts, seededRandom, type FuzzRequest, type FuzzRoute } from './fuzz-requests';

export { GROWTH_FACTOR, PAGE_SIZE_LIMIT } from './fuzz-requests';

/**
 * Every path pattern of the route table (web/routes/table.ts): each screen's URLs and other addresses, the catch-all
 * (the not-found page) as an unknown path. The caller hands the table in (npm run fuzz loads it through Vite, the
 * worker test imports it), so a new screen is fuzzed without a line here.
 */
export const pagePatterns = (screens: readonly ScreenRoute[]): string[] =>
  screens
    .flatMap((screen) => [...Object.keys(screen.paths), ...(screen.aliases ?? [])])
    .map((p) => (p === '*' ? '/:unknown' : p));

/** The crawler documents and feeds (worker/site/routes.ts). */
export const SITE_PATTERNS = [
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps/channels.xml',
  '/sitemaps/categories.xml',
  '/sitemaps/articles/:file',
  '/feeds/news.xml',
  '/feeds/chan/:file',
] as const;

/** Units repeated n and 2n times into one place of a URL, for the growth probes. */
const GROWTH_UNITS = ['$`', "$'", '$&', '$1', '<', "'", '&', '"', '🙂', 'x', '%'];

export interface PageFixtures {
  /** Ids and slugs of real content (and of content with hostile stored text), so some requests render it. */
  ids: string[];
  /** The pages' path patterns: pagePatterns of the route table. */
  pages: readonly string[];
}

const route = (path: string): FuzzRoute => ({ method: 'GET', path });

/** Builds `count` requests to the pages, documents and feeds from `seed` (growth probes count as two). */
export function* fuzzPageRequests(fixtures: PageFixtures, count: number, seed: number): Generator<FuzzRequest> {
  const random = seededRandom(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => random() < p;
  const { hostile, realistic } = fuzzTexts(random);
  const hex = (n: number) => Array.from({ length: n }, () => int(16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  const encoded = (text: string, max = 3000) =>
    encodeURIComponent(text)
      .slice(0, max)
      .replace(/%[0-9A-F]?$/, '');

  const param = (name: string): string => {
    const roll = random();
    if (name === 'file') {
      if (roll < 0.4) return pick([`${uuid()}.xml`, 'all.xml', `${hex(1 + int(4))}.xml`, `${pick(fixtures.ids)}.xml`]);
      if (roll < 0.5) return `${encoded(hostile(), 600)}.xml`;
    }
    if (roll < 0.4 && fixtures.ids.length) return encoded(pick(fixtures.ids));
    if (roll < 0.5) return uuid();
    if (roll < 0.55) return 'x'.repeat(400 + int(2000)); // past KV's 512-byte key
    return encoded(hostile());
  };
  const query = (): string => {
    if (!chance(0.4)) return '';
    const keys = ['q', 'q', 'page', 'cursor', 'lang', 'locale', 'tab', 'preview', pick(['', 'x', '$`'])];
    const parts = Array.from(
      { length: 1 + int(3) },
      () => `${encoded(pick(keys))}=${chance(0.3) ? encoded(realistic()) : encoded(hostile(), 2000)}`,
    );
    return '?' + parts.join('&');
  };
  const headerText = (max: number) => encodeURIComponent(hostile()).slice(0, max);
  const headers = (): Record<string, string> => {
    const h: Record<string, string> = {};
    if (chance(0.15))
      h.Authorization = pick([
        `Bearer ${headerText(200)}`,
        `Bearer sop_${'A'.repeat(43)}`,
        `Bearer sop_${hex(43)}`,
        'Bearer',
        'Bearer ',
        `Basic ${btoa('user:password')}`,
        `Digest ${headerText(100)}`,
        headerText(100),
      ]);
    if (chance(0.2))
      h['Accept-Language'] = pick([
        'de',
        'de-DE,de;q=0.9,en;q=0.8',
        '*',
        'xx-YY',
        ';q=;;,',
        'en;q=NaN',
        'de'.repeat(500),
        headerText(300),
      ]);
    if (chance(0.2)) {
      const cookie = () =>
        `${pick(['locale', 'session', '__Host-session', 'device', 'd1-bookmark', headerText(20)])}=${pick([
          'de-DE',
          'en-US',
          'xx',
          headerText(300),
          'x'.repeat(int(4000)),
        ])}`;
      h.Cookie = Array.from({ length: 1 + int(3) }, cookie).join('; ');
    }
    if (chance(0.03)) h['If-None-Match'] = pick(['*', '"x"', headerText(100)]);
    return h;
  };
  const fill = (pattern: string) =>
    pattern
      .split('/')
      .map((s) => (s.startsWith(':') ? param(s.slice(1)) : s))
      .join('/');

  const growthPlaces = [
    (text: string) => `/search?q=${encodeURIComponent(text)}`,
    (text: string) => `/article/${encodeURIComponent(text)}`,
    (text: string) => `/category/${encodeURIComponent(text)}`,
    (text: string) => `/chan/${encodeURIComponent(text)}`,
    (text: string) => `/?x=${encodeURIComponent(text)}`,
    (text: string) => `/${encodeURIComponent(text)}`,
  ];

  let made = 0;
  let probes = 0;
  while (made < count) {
    const role = pick(FUZZ_ROLES);
    if (count - made >= 2 && chance(0.1)) {
      // A growth probe: the same place with a unit n and 2n times (n small enough for the search's 200 characters).
      const unit = pick(GROWTH_UNITS);
      const place = pick(growthPlaces);
      const n = 10 + int(40);
      const group = `probe-${probes++}`;
      const extra = { ...headers() };
      for (const copies of [n, 2 * n]) {
        const path = place(unit.repeat(copies));
        yield {
          role,
          route: route(path.split('?')[0]!),
          method: 'GET',
          path,
          headers: extra,
          body: null,
          page: { growth: { group, input: unit.length * copies } },
        };
      }
      made += 2;
      continue;
    }
    const pattern = chance(0.8) ? pick(fixtures.pages) : pick(SITE_PATTERNS);
    const method = chance(0.9) ? 'GET' : pick(['HEAD', 'POST', 'PUT', 'OPTIONS']);
    yield {
      role,
      route: route(pattern),
      method,
      path: fill(pattern) + query(),
      headers: headers(),
      body: method === 'POST' || method === 'PUT' ? encoded(hostile()) : null,
      page: {},
    };
    made++;
  }
}
