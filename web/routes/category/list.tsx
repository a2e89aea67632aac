// /category: the whole category tree as nested lists of links.
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { listCategories } from '#web/api/categories';
import { LoadError, Loading } from '#web/components/view-state';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { buildCategoryTree, type CategoryNode } from './tree';
import './categories.css';
import { categoryPath } from '#web/paths';

function TreeLevel({ nodes, level }: { nodes: CategoryNode[]; level: number }) {
  return (
    <ul className={level === 1 ? 'category-tree' : 'category-subtree'}>
      {nodes.map((node) => (
        <li key={node.id}>
          <Link to={categoryPath(node)}>{node.title}</Link>
          {node.children.length > 0 && <TreeLevel nodes={node.children} level={level + 1} />}
        </li>
      ))}
    </ul>
  );
}

export default function CategoriesView() {
  const intl = useIntl();
  const state = useQuery(keys.categories(), listCategories);
  const tree = useMemo(() => (state.data ? buildCategoryTree(state.data) : []), [state.data]);
  return (
    <section className="categories-view">
      <h1>
        <FormattedMessage id="category.treeTitle" defaultMessage="Categories" />
      </h1>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <LoadError
          error={state.error}
          notFound={intl.formatMessage({ id: 'category.empty', defaultMessage: 'There are no categories yet.' })}
          onRetry={state.reload}
          retrying={state.validating}
        />
      )}
      {state.status === 'ok' &&
        (tree.length === 0 ? (
          <p>
            <FormattedMessage id="category.empty" defaultMessage="There are no categories yet." />
          </p>
        ) : (
          <nav aria-label={intl.formatMessage({ id: 'category.treeLabel', defaultMessage: 'Category tree' })}>
            <TreeLevel nodes={tree} level={1} />
          </nav>
        ))}
    </section>
  );
}
