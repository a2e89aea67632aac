// One category (/category/:categoryId, id or slug): its sub-categories, channels and articles, linked
// through the nested routes /category/{id}/c/{channelId} and /category/{id}/a/{articleId}.
import type { ReactNode } from 'react';
import { FormattedMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import type { ArticleSummary, Category } from '#schema';
import { listCategoryArticles, type getCategoryChildren } from '#web/api/categories';
import ArticleCard from '#web/components/news-card/article-card';
import Picture from '#web/components/picture';
import { PagedList } from '#web/components/paged-list';
import { PendingScreen } from '#web/components/view-state';
import { usePagedQuery, type Page } from '#web/data/cache';
import { useCategory, useCategoryChildren, useCategoryId } from '#web/data/content';
import { keys } from '#web/data/keys';
import { ChannelCard } from '#web/routes/channels';
import '#web/components/news-card/news-card.css';
import '../categories.css';
import './category.css';
import { articlePath, categoryPath, channelPath } from '#web/paths';
import { isUuid } from '#schema/urls';

const pending = defineMessages({
  title: { id: 'category.title', defaultMessage: 'Category' },
  notFoundTitle: { id: 'category.notFound', defaultMessage: 'Category not found' },
  notFound: { id: 'category.notFoundText', defaultMessage: 'There is no category at this address.' },
});

export default function CategoryView() {
  const { categoryId = '' } = useParams();
  const id = useCategoryId(categoryId).data;
  const category = useCategory(id);
  const children = useCategoryChildren(id);
  const failed = category.status === 'error' ? category : children.status === 'error' ? children : null;

  if (category.status !== 'ok' || children.status !== 'ok') {
    const query = {
      error: failed?.error,
      reload: () => {
        category.reload();
        children.reload();
      },
      validating: category.validating || children.validating,
    };
    return <PendingScreen className="category-view" query={query} texts={pending} />;
  }

  // Reached by a slug the category had before a rename: on to its current address (the old one keeps working).
  if (!isUuid(categoryId) && categoryId !== category.data.slug) {
    return <Navigate to={categoryPath(category.data)} replace />;
  }
  return <CategoryBody category={category.data} contents={children.data} />;
}

type CategoryChildren = Awaited<ReturnType<typeof getCategoryChildren>>;

function CategoryBody({ category, contents }: { category: Category; contents: CategoryChildren }) {
  const empty = contents.categories.length + contents.channels.length + contents.articles.length === 0;
  return (
    <article className="category-view">
      <header className="category-header">
        {category.imageHref && (
          <Picture src={category.imageHref} alt="" width={1200} height={240} priority className="category-image" />
        )}
        <h1>{category.title}</h1>
      </header>
      {empty && (
        <p>
          <FormattedMessage id="category.nothingInside" defaultMessage="Nothing has been filed in this category yet." />
        </p>
      )}
      {contents.categories.length > 0 && (
        <CategorySection
          id="category-subcategories"
          title={sections.subcategories}
          className="category-subtree category-children"
        >
          {contents.categories.map((c) => (
            <li key={c.id}>
              <Link to={categoryPath(c)}>{c.title}</Link>
            </li>
          ))}
        </CategorySection>
      )}
      {contents.channels.length > 0 && (
        <CategorySection id="category-channels" title={sections.channels} className="card-grid">
          {contents.channels.map((channel) => (
            <li key={channel.id}>
              <ChannelCard channel={channel} to={channelPath(channel, category)} headingLevel={3} />
            </li>
          ))}
        </CategorySection>
      )}
      {contents.articles.length > 0 && (
        <CategoryArticles
          key={category.id}
          category={category}
          firstPage={{ items: contents.articles, nextCursor: contents.articlesCursor }}
        />
      )}
    </article>
  );
}

const sections = defineMessages({
  subcategories: { id: 'category.subcategories', defaultMessage: 'Sub-categories' },
  channels: { id: 'category.channels', defaultMessage: 'Channels' },
  articles: { id: 'category.articles', defaultMessage: 'Articles' },
});

/** A titled section of the category's contents: its heading (`id` labels it) over its list or its pages. */
function CategorySection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: MessageDescriptor;
  /** The list's class; without one the children are the section's own. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        <FormattedMessage {...title} />
      </h2>
      {className ? <ul className={className}>{children}</ul> : children}
    </section>
  );
}

/**
 * The articles filed in the category: the first page came with the children, "Show more" follows
 * articlesCursor through GET /categories/{id}/articles.
 */
function CategoryArticles({ category, firstPage }: { category: Category; firstPage: Page<ArticleSummary> }) {
  const categoryId = category.id;
  const list = usePagedQuery(keys.categoryArticles(categoryId), (cursor) => listCategoryArticles(categoryId, cursor), {
    firstPage,
  });
  return (
    <CategorySection id="category-articles" title={sections.articles}>
      <PagedList
        list={list}
        more={<FormattedMessage id="category.showMore" defaultMessage="Show more" />}
        item={(article) => <ArticleCard article={article} to={articlePath(article, { category })} />}
      />
    </CategorySection>
  );
}
