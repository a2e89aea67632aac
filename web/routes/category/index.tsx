// One category (/category/:categoryId, id or slug): its sub-categories, channels and articles, linked
// through the nested routes /category/{id}/c/{channelId} and /category/{id}/a/{articleId}.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { getCategory, getCategoryChildren } from '../../api/categories';
import { resolveCategoryId } from '../../api/slugs';
import ArticleCard from '../../components/news-card/article-card';
import Picture from '../../components/picture';
import { LoadError, Loading, errorCode, useLoad } from '../../components/view-state';
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
        <section aria-labelledby="category-articles">
          <h2 id="category-articles">
            <FormattedMessage id="category.articles" defaultMessage="Articles" />
          </h2>
          <ul className="card-grid">
            {children.articles.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} to={`${base}/a/${encodeURIComponent(article.id)}`} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
