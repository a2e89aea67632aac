// The answers a server-rendered page was drawn with (docs/decisions/025-server-rendering.md). The worker renders
// the same views with the same useQuery calls; each query the page asks for is loaded there once, by the same client
// call the browser makes, sent to the API in-process (decision 048), and the answers (and refusals: a 404) go into the page, once. In the browser
// they are the SWR fallback of the first render, so hydration draws what the HTML shows, and the first
// revalidation takes them instead of asking the network (web/main.tsx).
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionUser } from '#schema/entities';
import type { Locale } from '../i18n';
import type { QueryKey } from './keys';

/** A refusal the server met for a query (the view shows it as it would show the API's). */
export interface SeededError {
  code: number;
  message: string;
}

/** What a server-rendered page carries for the browser, in <script type="application/json" id="page-data">. */
export interface PageData {
  /** Whether #root holds the server's rendering of the route (false: the browser renders it, e.g. guarded routes). */
  rendered: boolean;
  /** The page's language (its URL's: decision 055), which is also the interface's. */
  locale: Locale;
  /** The configured languages (wrangler.toml's LANGUAGES), the default first: the language switch offers them. */
  languages: string[];
  /** The router's basename: the language's prefix (`/de`), empty for the default language. */
  basename: string;
  /** Who the session cookie belongs to, or null: the SPA does not ask the server again. */
  user: SessionUser | null;
  queries: [QueryKey, unknown][];
  errors: [QueryKey, SeededError][];
  /** The focal point and scale of every stored picture in the HTML (blob key, framing), so none is asked for. */
  framings: [string, { position: string; scale: number }][];
}

export const PAGE_DATA_ID = 'page-data';

export const seedId = (key: QueryKey) => JSON.stringify(key);

export interface QuerySeed {
  data: (key: QueryKey) => unknown;
  error: (key: QueryKey) => SeededError | undefined;
  /**
   * On the server: loads a key (once per request) with the view's own client call, sent to the API in-process, and
   * resolves when its answer or refusal is in the seed.
   */
  load?: (key: QueryKey, fetcher: () => Promise<unknown>) => Promise<void> | undefined;
}

/** A seed over fixed answers (the browser's, from PageData). */
export function fixedSeed(queries: [QueryKey, unknown][], errors: [QueryKey, SeededError][]): QuerySeed {
  const data = new Map(queries.map(([key, value]) => [seedId(key), value]));
  const refusals = new Map(errors.map(([key, value]) => [seedId(key), value]));
  return { data: (key) => data.get(seedId(key)), error: (key) => refusals.get(seedId(key)) };
}

const SeedContext = createContext<QuerySeed | null>(null);

export function SeedProvider({ seed, children }: { seed: QuerySeed | null; children: ReactNode }) {
  return <SeedContext.Provider value={seed}>{children}</SeedContext.Provider>;
}

export const useSeed = () => useContext(SeedContext);

const noSubscription = () => () => {};
/**
 * False on the server and while React takes over a server-rendered page, true from then on (and always in a page
 * the browser renders alone). Controls that only a script can serve stay disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
