import type { ArticleSummary } from '#schema';
import { DraftBadges } from '../content-badges/draft';
import ContentCard from './content-card';

/** An article in a list (channel, category, article list); `to` keeps the nesting of the page it is on. */
export default function ArticleCard({
  article,
  to,
  eager = false,
  priority = false,
  headingLevel = 3,
}: {
  article: ArticleSummary;
  to: string;
  eager?: boolean;
  /** The page's largest picture (web/components/picture). */
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <ContentCard
      className="article-card"
      title={article.title}
      to={to}
      thumbnailHref={article.thumbnailHref}
      flags={article}
      extra={<DraftBadges lifecycle={article} />}
      date={article.createdAt}
      teaser={article.teaser}
      eager={eager}
      priority={priority}
      headingLevel={headingLevel}
    />
  );
}
