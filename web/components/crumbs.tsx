// The crumbs of a route's entities (the routes and their trails are in web/navigation.ts): an article or a channel by its fetched title or name, a
// category as every ancestor plus the category itself (its id or slug resolved first), titles in upper case in
// the active locale. They read the data cache, so a crumb and the page showing the same article or channel make
// one request; slugs and category routes are asked once while the page lives (web/data/keys.ts).
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { QueryState } from '../data/cache';
import { useArticle, useAuthor, useCategoryTrail, useChannelSummary, type CategoryTrail } from '../data/content';
import type { CrumbDef } from '../navigation';
import type { Crumb } from './breadcrumbs';
import { categoryPath } from '../paths';

/** Shown in place of a title that could not be fetched (the page itself reports why). */
export const FALLBACK_KEYS = {
  article: 'shell.crumb.article',
  channel: 'chan',
  category: 'shell.crumb.categoryNotFound',
  author: 'author.crumb',
} as const;

type EntityDef = Exclude<CrumbDef, { kind: 'label' }>;
/** The crumbs of one definition, null while a look-up is under way, handed to `children` to render. */
type Props<D> = { def: D; children: (crumbs: (Crumb | null)[]) => ReactNode };

export default function EntityCrumbs({ def, children }: Props<EntityDef>) {
  switch (def.kind) {
    case 'article':
      return <ArticleCrumb def={def}>{children}</ArticleCrumb>;
    case 'channel':
      return <ChannelCrumb def={def}>{children}</ChannelCrumb>;
    case 'category':
      return <CategoryCrumbs def={def}>{children}</CategoryCrumbs>;
    case 'author':
      return <AuthorCrumb def={def}>{children}</AuthorCrumb>;
  }
}

/** A placeholder while the look-up loads, the fallback when it failed. */
function crumbsOf<T>(state: QueryState<T>, show: (data: T) => Crumb[], fallback: Crumb): (Crumb | null)[] {
  if (state.status === 'loading') return [null];
  return state.status === 'ok' ? show(state.data) : [fallback];
}

function ArticleCrumb({ def, children }: Props<Extract<CrumbDef, { kind: 'article' }>>) {
  const { locale } = useIntl();
  const article = useArticle(def.id, { source: def.source });
  const show = (a: { title: string }) => [{ text: a.title.toLocaleUpperCase(locale), to: def.to }];
  return children(crumbsOf(article, show, { key: FALLBACK_KEYS.article, to: def.to }));
}

function ChannelCrumb({ def, children }: Props<Extract<CrumbDef, { kind: 'channel' }>>) {
  const { locale } = useIntl();
  const channel = useChannelSummary(def.id);
  const show = (c: { name: string }) => [{ text: c.name.toLocaleUpperCase(locale), to: def.to }];
  return children(crumbsOf(channel, show, { key: FALLBACK_KEYS.channel, to: def.to }));
}

function CategoryCrumbs({ def, children }: Props<Extract<CrumbDef, { kind: 'category' }>>) {
  const { locale } = useIntl();
  const trail = useCategoryTrail(def.idOrSlug);
  const show = (chain: CategoryTrail) =>
    chain.map((c) => ({ text: c.title.toLocaleUpperCase(locale), to: categoryPath(c.id) }));
  return children(crumbsOf(trail, show, { key: FALLBACK_KEYS.category }));
}

function AuthorCrumb({ def, children }: Props<Extract<CrumbDef, { kind: 'author' }>>) {
  const { locale } = useIntl();
  const author = useAuthor(def.username);
  const show = (a: { displayName: string }) => [{ text: a.displayName.toLocaleUpperCase(locale) }];
  return children(crumbsOf(author, show, { key: FALLBACK_KEYS.author }));
}
