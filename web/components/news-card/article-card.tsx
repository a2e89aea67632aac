import { FormattedDate } from 'react-intl';
import { Link } from 'react-router';
import type { ArticleSummary } from '../../../schema';
import ContentBadges from '../content-badges';
import Picture from '../picture';
import './news-card.css';

/** An article in a list (channel, category, article list); `to` keeps the nesting of the page it is on. */
export default function ArticleCard({ article, to, eager = false, headingLevel = 3 }: { article: ArticleSummary; to: string; eager?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card article-card">
      <Picture src={article.thumbnailHref} alt={article.title} width={480} height={270} eager={eager} className="card-thumb" />
      <div className="card-body">
        <Heading className="card-title">
          <Link to={to}>{article.title}</Link>
        </Heading>
        <ContentBadges restricted={article.restricted} isAd={article.isAd} isEditorial={article.isEditorial} />
        <p className="card-date">
          <time dateTime={article.createdAt}>
            <FormattedDate value={article.createdAt} year="numeric" month="long" day="numeric" />
          </time>
        </p>
        {article.teaser && <p className="card-teaser">{article.teaser}</p>}
      </div>
    </article>
  );
}
