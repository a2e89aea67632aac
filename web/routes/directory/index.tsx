// /directory: the portal's map for a reader, every channel the visitor may see under each category it is filed in
// (the category tree's order, each category with its parents' titles, its channels A to Z, each linked in that
// category), then the channels filed in none. The two lists /category and /channels load already (GET /categories,
// GET /channels), so the page asks for nothing new and its answers are the ones those pages keep.
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Category, ChannelSummary } from '#schema';
import { listCategories } from '#web/api/categories';
import { listChannels } from '#web/api/channels';
import { LoadError, Loading } from '#web/components/view-state';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { categoryPath, channelPath } from '#web/paths';
import { buildCategoryTree, type CategoryNode } from '../category/tree';

/** The heading of the channels filed in no category (an element id, not a message). */
const UNFILED = 'directory-unfiled';

export interface DirectoryEntry {
  category: Category;
  /** The titles of its parents, the root first. */
  parents: string[];
  channels: ChannelSummary[];
}

/** The categories that hold channels, in the tree's order, and the channels in no category the visitor sees. */
export function directory(
  categories: readonly Category[],
  channels: readonly ChannelSummary[],
): { entries: DirectoryEntry[]; unfiled: ChannelSummary[] } {
  const byName = [...channels].sort((a, b) => a.name.localeCompare(b.name));
  const filed = new Map<string, ChannelSummary[]>();
  for (const channel of byName)
    for (const id of new Set(channel.categoryIds)) filed.set(id, [...(filed.get(id) ?? []), channel]);
  const entries: DirectoryEntry[] = [];
  const visit = (nodes: CategoryNode[], parents: string[]) => {
    for (const node of nodes) {
      const own = filed.get(node.id);
      if (own) entries.push({ category: node, parents, channels: own });
      visit(node.children, [...parents, node.title]);
    }
  };
  visit(buildCategoryTree(categories), []);
  const known = new Set(categories.map((c) => c.id));
  return { entries, unfiled: byName.filter((channel) => !channel.categoryIds.some((id) => known.has(id))) };
}

/** The start of a channel's info text, for its line (the channel's page has the rest). */
const short = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

// The list's looks are the category tree's (web/page-styles.ts holds every rendered page's styles).
function ChannelList({ channels, category }: { channels: ChannelSummary[]; category?: Category }) {
  return (
    <ul className="category-tree">
      {channels.map((channel) => (
        <li key={channel.id}>
          <Link to={channelPath(channel, category)}>{channel.name}</Link>
          {channel.infoText && <span className="muted"> – {short(channel.infoText)}</span>}
        </li>
      ))}
    </ul>
  );
}

export default function DirectoryView() {
  const intl = useIntl();
  const categories = useQuery(keys.categories(), listCategories);
  const channels = useQuery(keys.channels(), listChannels);
  const map = useMemo(
    () => (categories.data && channels.data ? directory(categories.data, channels.data) : null),
    [categories.data, channels.data],
  );
  const failed = [categories, channels].find((state) => state.status === 'error');
  return (
    <section className="directory-view">
      <h1>
        <FormattedMessage id="directory.title" />
      </h1>
      <p className="lead">
        <FormattedMessage id="directory.lead" />
      </p>
      {failed ? (
        <LoadError
          error={failed.error}
          notFound={intl.formatMessage({ id: 'directory.empty' })}
          onRetry={failed.reload}
          retrying={failed.validating}
        />
      ) : !map ? (
        <Loading />
      ) : map.entries.length === 0 && map.unfiled.length === 0 ? (
        <p>
          <FormattedMessage id="directory.empty" />
        </p>
      ) : (
        <>
          {map.entries.map(({ category, parents, channels: own }) => (
            <section key={category.id} aria-labelledby={`directory-${category.id}`}>
              <h2 id={`directory-${category.id}`}>
                {parents.map((title, i) => (
                  <span key={i} className="muted">
                    {title} ›{' '}
                  </span>
                ))}
                <Link to={categoryPath(category)}>{category.title}</Link>
              </h2>
              <ChannelList channels={own} category={category} />
            </section>
          ))}
          {map.unfiled.length > 0 && (
            <section aria-labelledby={UNFILED}>
              <h2 id={UNFILED}>
                <FormattedMessage id="directory.unfiled" />
              </h2>
              <ChannelList channels={map.unfiled} />
            </section>
          )}
        </>
      )}
    </section>
  );
}
