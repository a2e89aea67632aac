// /appManagement/categories: the category tree, editable in place. Create a child (or a root), rename, change
// the slug, upload an image, move under another parent (the API refuses cycles; its message is shown), reorder
// siblings by dragging or by keyboard (dnd-kit: Space picks up, arrows move, Space drops), and delete (refused
// while children or content remain; the API says what is left). Every write refreshes the public category
// screens and breadcrumbs through the data cache.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Section, useErrorText } from '../+shared/admin-kit';
import { LoadError, Loading } from '#web/components/view-state';
import { useCategoryList } from '#web/data/admin';
import { buildCategoryTree, flatten } from '#web/routes/category/tree';
import { CategoryForm } from './category-form';
import { Siblings, type Mode } from './category-tree';

export default function AdminCategoriesView() {
  const intl = useIntl();
  const errorText = useErrorText();
  const query = useCategoryList();
  const [mode, setMode] = useState<Mode>(null);
  const all = query.data ?? [];
  const tree = buildCategoryTree(all);

  return (
    <Section
      title={intl.formatMessage({ id: 'admin.section.categories' })}
      lead={<FormattedMessage id="admin.categories.lead" />}
      actions={
        <button type="button" className="button button-small" onClick={() => setMode({ kind: 'root' })}>
          <FormattedMessage id="admin.categories.newRoot" />
        </button>
      }
    >
      {mode?.kind === 'root' && <CategoryForm parent={null} all={all} onDone={() => setMode(null)} />}
      {query.status === 'loading' && <Loading />}
      {query.status === 'error' && (
        <LoadError error={query.error} notFound={errorText(query.error)} onRetry={query.reload} />
      )}
      {query.status === 'ok' && tree.length === 0 && (
        <p className="admin-empty muted">{intl.formatMessage({ id: 'admin.categories.empty' })}</p>
      )}
      {query.status === 'ok' && tree.length > 0 && (
        <>
          <p className="muted small">
            <FormattedMessage id="admin.categories.count" values={{ count: flatten(tree).length }} />
          </p>
          <Siblings nodes={tree} all={all} mode={mode} setMode={setMode} root />
        </>
      )}
    </Section>
  );
}
