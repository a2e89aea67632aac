// One category (/category/:categoryId, id or slug): its sub-categories, channels and articles, linked
// through the nested routes /category/{id}/c/{channelId} and /category/{id}/a/{articleId}.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { ArticleSummary } from '../../../schema';
import { getCategory, getCategoryChildren, listCategoryArticles } from '../../api/categories';
import { resolveCategoryId } from '../../api/slugs';
import ArticleCard from '../../components/news-card/article-card';
import Picture from '../../components/picture';
import { useNotify } from '../../components/notifications';
import { LoadError, Loading, errorCode, errorMessage, useLoad, usePaged, type Page } from '../../components/view-state';
import { ChannelCard } from '../channels';
import '../../components/news-card/news-card.css';
import '../categories/categories.css';
import './category.css';

async function loadCategory(idOrSlug: string) {
  const id = await resolveCategoryId(idOrSlug);
  const [category, children] = await Promise.all([getCategory(id), getCategoryChildren(id)]);
  return { category, children };
}

export default function CategoryView() {
  const intl = useIntl();
  const { categoryId = '' } = useParams();
  const [state] = useLoad(() => loadCategory(categoryId), [categoryId]);

  if (state.status !== 'ok') {
    const notFound = state.status === 'error' && errorCode(state.error) === 404;
    return (
      <section className="category-view">
        <h1>
          {notFound ? (
            <FormattedMessage id="category.notFound" defaultMessage="Category not found" />
          ) : (
            <FormattedMessage id="category.title" defaultMessage="Category" />
          )}
        </h1>
        {state.status === 'loading' ? (
          <Loading />
        ) : (
          <LoadError
            error={state.error}
            notFound={intl.formatMessage({ id: 'category.notFoundText', defaultMessage: 'There is no category at this address.' })}
          />
        )}
      </section>
    );
  }

  const { category, children } = state.data;
  const base = `/category/${encodeURIComponent(category.id)}`;
  const empty = children.categories.length + children.channels.length + children.articles.length === 0;
  return (
    <article className="category-view">
      <header className="category-header">
        {category.imageHref && <Picture src={category.imageHref} alt="" width={1200} height={240} eager className="category-image" />}
        <h1>{category.title}</h1>
      </header>
      {empty && (
        <p>
          <FormattedMessage id="category.nothingInside" defaultMessage="Nothing has been filed in this category yet." />
        </p>
      )}
      {children.categories.length > 0 && (
        <section aria-labelledby="category-subcategories">
          <h2 id="category-subcategories">
            <FormattedMessage id="category.subcategories" defaultMessage="Sub-categories" />
          </h2>
          <ul className="category-subtree category-children">
            {children.categories.map((c) => (
              <li key={c.id}>
                <Link to={`/category/${encodeURIComponent(c.id)}`}>{c.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {children.channels.length > 0 && (
        <section aria-labelledby="category-channels">
          <h2 id="category-channels">
            <FormattedMessage id="category.channels" defaultMessage="Channels" />
          </h2>
          <ul className="card-grid">
            {children.channels.map((channel) => (
              <li key={channel.id}>
                <ChannelCard channel={channel} to={`${base}/c/${encodeURIComponent(channel.id)}`} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {children.articles.length > 0 && (
        <CategoryArticles
          key={category.id}
          categoryId={category.id}
          base={base}
          firstPage={{ items: children.articles, nextCursor: children.articlesCursor }}
        />
      )}
    </article>
  );
}

/**
 * The articles filed in the category: the first page came with the children, "Show more" follows
 * articlesCursor through GET /categories/{id}/articles.
 */
function CategoryArticles({ categoryId, base, firstPage }: { categoryId: string; base: string; firstPage: Page<ArticleSummary> }) {
  const notify = useNotify();
  const { items, cursor, busy, loadMore } = usePaged(
    (cursor?: string) => (cursor ? listCategoryArticles(categoryId, cursor) : Promise.resolve(firstPage)),
    [categoryId],
  );
  const onShowMore = () => loadMore().catch((error: unknown) => notify({ kind: 'error', message: errorMessage(error) }));
  // Until the seeded first page settles (one tick), show it straight from the children.
  const shown = items.length > 0 ? items : firstPage.items;
  return (
    <section aria-labelledby="category-articles">
      <h2 id="category-articles">
        <FormattedMessage id="category.articles" defaultMessage="Articles" />
      </h2>
      <ul className="card-grid">
        {shown.map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} to={`${base}/a/${encodeURIComponent(article.id)}`} />
          </li>
        ))}
      </ul>
      {cursor && (
        <button type="button" className="button-primary load-more" disabled={busy} aria-busy={busy} onClick={() => void onShowMore()}>
          <FormattedMessage id="category.showMore" defaultMessage="Show more" />
        </button>
      )}
    </section>
  );
}
