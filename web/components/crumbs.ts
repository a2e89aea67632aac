// Turns a route's breadcrumb definitions into crumbs (SPEC section 2): translated labels, article and
// channel crumbs by fetched title or name, category crumbs as every ancestor plus the category itself,
// entity titles in upper case, a category slug resolved through GET /slugs/{slug}.
import { getArticle } from '../api/articles';
import { getCategory, getCategoryRoute } from '../api/categories';
import { getChannel } from '../api/channels';
import { resolveCategoryId } from '../api/slugs';
import type { CrumbDef } from '../navigation';

/** A crumb ready to show: a catalogue key, or a fetched title already in upper case. */
export type Crumb = ({ key: string; text?: undefined } | { text: string; key?: undefined }) & { to?: string | undefined };

/** Shown in place of a title that could not be fetched. */
export const FALLBACK_KEYS = { article: 'shell.crumb.article', channel: 'chan', category: 'shell.crumb.categoryNotFound' } as const;

const upper = (text: string, locale: string) => text.toLocaleUpperCase(locale);

// Titles change rarely; remembering the look-ups keeps navigation inside one channel or category from refetching.
const lookups = new Map<string, Promise<unknown>>();
function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
  let found = lookups.get(key) as Promise<T> | undefined;
  if (!found) {
    found = load();
    lookups.set(key, found);
    found.catch(() => lookups.delete(key));
  }
  return found;
}
export function forgetCrumbLookups(): void {
  lookups.clear();
}

async function categoryCrumbs(idOrSlug: string, locale: string): Promise<Crumb[]> {
  const id = await resolveCategoryId(idOrSlug);
  const route = await remember(`route:${id}`, () => getCategoryRoute(id));
  const chain = [...route];
  // The route ends with the category itself; should a server list only the ancestors, the category is added.
  if (chain.at(-1)?.id !== id) {
    const self = await remember(`category:${id}`, () => getCategory(id));
    chain.push({ id: self.id, title: self.title });
  }
  return chain.map((c) => ({ text: upper(c.title, locale), to: `/category/${c.id}` }));
}

async function resolveOne(def: CrumbDef, locale: string): Promise<Crumb[]> {
  if (def.kind === 'label') return [{ key: def.key, to: def.to }];
  try {
    switch (def.kind) {
      case 'article': {
        const article = await remember(`article:${def.id}`, () => getArticle(def.id));
        return [{ text: upper(article.title, locale), to: def.to }];
      }
      case 'channel': {
        const channel = await remember(`channel:${def.id}`, () => getChannel(def.id));
        return [{ text: upper(channel.name, locale), to: def.to }];
      }
      case 'category':
        return await categoryCrumbs(def.idOrSlug, locale);
    }
  } catch {
    // The page itself reports why its content is missing; the trail stays readable.
    if (def.kind === 'category') return [{ key: FALLBACK_KEYS.category }];
    return [{ key: FALLBACK_KEYS[def.kind], to: def.to }];
  }
}

/** Resolves every crumb (look-ups in parallel); the last crumb is the current page and has no link. */
export async function resolveCrumbs(defs: CrumbDef[], locale: string): Promise<Crumb[]> {
  const crumbs = (await Promise.all(defs.map((d) => resolveOne(d, locale)))).flat();
  const last = crumbs.at(-1);
  if (last) crumbs[crumbs.length - 1] = { ...last, to: undefined };
  return crumbs;
}

