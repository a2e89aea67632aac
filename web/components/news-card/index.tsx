import { FormattedDate } from 'react-intl';
import { Link } from 'react-router';
import type { NewsItem } from '../../../schema';
import ContentBadges from '../content-badges';
import Picture from '../picture';
import './news-card.css';

/** Where a news item points: the article or the channel it announces. */
export function newsTarget(item: Pick<NewsItem, 'ref'>): string {
  return item.ref.kind === 'article' ? `/article/${item.ref.id}` : `/chan/${item.ref.id}`;
}

export default function NewsCard({ item, eager = false, headingLevel = 2 }: { item: NewsItem; eager?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card news-card">
      <Picture src={item.thumbnailHref} alt={item.title} width={480} height={270} eager={eager} className="card-thumb" />
      <div className="card-body">
        <Heading className="card-title">
          <Link to={newsTarget(item)}>{item.title}</Link>
        </Heading>
        <ContentBadges restricted={item.ref.restricted} isAd={item.ref.isAd} isEditorial={item.ref.isEditorial} />
        <p className="card-date">
          <time dateTime={item.publishedAt}>
            <FormattedDate value={item.publishedAt} year="numeric" month="long" day="numeric" />
          </time>
        </p>
        {item.teaser && <p className="card-teaser">{item.teaser}</p>}
      </div>
    </article>
  );
}
