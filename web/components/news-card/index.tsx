import type { NewsItem } from '#schema';
import ContentCard from './content-card';
import { contentPath } from '#web/paths';

/** Where a news item points: the article or the channel it announces. */
export function newsTarget(item: Pick<NewsItem, 'ref'>): string {
  return contentPath(item.ref.kind, item.ref);
}

export default function NewsCard({
  item,
  eager = false,
  priority = false,
  lead = false,
  headingLevel = 2,
}: {
  item: NewsItem;
  eager?: boolean;
  priority?: boolean;
  lead?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <ContentCard
      className="news-card"
      title={item.title}
      to={newsTarget(item)}
      thumbnailHref={item.thumbnailHref}
      flags={item.ref}
      date={item.publishedAt}
      teaser={item.teaser}
      eager={eager}
      priority={priority}
      lead={lead}
      headingLevel={headingLevel}
    />
  );
}
