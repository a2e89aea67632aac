// The category tree: each group of siblings a sortable list (drag, or keyboard with dnd-kit), each category with
// its drag handle, link and slug, Edit, Add sub-category and Delete (asked first, offering to move the
// sub-categories up; the API refuses while channels or articles remain and says what is left), and its children.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Category } from '#schema/entities';
import { useAct } from '../+shared/admin-kit';
import { useNotify } from '#web/components/notifications';
import { useConfirm } from '#web/components/screen-kit/confirm-dialog';
import { RowButton } from '#web/components/screen-kit/data-table';
import { moveCategoryTo, removeCategory } from '#web/data/admin';
import { categoryPath } from '#web/paths';
import type { CategoryNode } from '#web/routes/category/tree';
import { CategoryForm } from './category-form';

// The titles in the other languages load when a category is edited (the section's budget, test/web/budget.test.ts).
const CategoryTitles = lazy(() => import('./category-titles').then((m) => ({ default: m.CategoryTitles })));

export type Mode = { kind: 'edit' | 'child'; id: string } | { kind: 'root' } | null;

export interface TreeProps {
  all: Category[];
  mode: Mode;
  setMode: (mode: Mode) => void;
}

export function CategoryItem({ node, all, mode, setMode }: TreeProps & { node: CategoryNode }) {
  const intl = useIntl();
  const notify = useNotify();
  const [confirm, confirmDialog] = useConfirm();
  const { setNodeRef, transform, transition, isDragging, attributes, listeners } = useSortable({ id: node.id });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const title = node.title;

  // Delete asks first. Sub-categories would make the API refuse, so the dialog says so and offers to move them up
  // to this category's parent in the same write; a refusal (channels or articles inside) stays in the dialog.
  async function remove() {
    const children = node.children;
    const parent = all.find((c) => c.id === node.parentId);
    const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
    const ok = await confirm({
      title: t('admin.categories.confirmDelete', { title }),
      message:
        children.length > 0
          ? t(parent ? 'admin.categories.childrenMoveTo' : 'admin.categories.childrenMoveToTop', {
              count: children.length,
              names: intl.formatList(children.map((c) => c.title)),
              title,
              parent: parent?.title ?? '',
            })
          : undefined,
      confirmLabel:
        children.length > 0
          ? t('admin.categories.deleteMovingChildren', { title, count: children.length })
          : t('admin.categories.deleteOf', { title }),
      action: () => removeCategory(node.id, children.length > 0),
    });
    if (ok) notify({ kind: 'success', message: t('admin.categories.deleted', { title }) });
  }

  const is = (kind: 'edit' | 'child') => mode !== null && mode.kind === kind && mode.id === node.id;
  return (
    <li ref={setNodeRef} style={style}>
      <div className="admin-tree-row" data-dragging={isDragging}>
        <button
          type="button"
          className="button button-secondary button-small admin-drag-handle"
          {...attributes}
          {...listeners}
          aria-label={intl.formatMessage({ id: 'admin.categories.reorder' }, { title })}
        >
          ⠿
        </button>
        <span className="admin-tree-title">
          <Link to={categoryPath(node.id)}>{title}</Link> <span className="muted small">/{node.slug}</span>
        </span>
        <div className="admin-actions">
          <RowButton
            label={intl.formatMessage({ id: 'admin.categories.editOf' }, { title })}
            onClick={() => setMode({ kind: 'edit', id: node.id })}
          >
            <FormattedMessage id="admin.edit" />
          </RowButton>
          <RowButton
            label={intl.formatMessage({ id: 'admin.categories.addChildOf' }, { title })}
            onClick={() => setMode({ kind: 'child', id: node.id })}
          >
            <FormattedMessage id="admin.categories.addChild" />
          </RowButton>
          <RowButton
            label={intl.formatMessage({ id: 'admin.categories.deleteOf' }, { title })}
            onClick={() => void remove()}
          >
            <FormattedMessage id="admin.delete" />
          </RowButton>
        </div>
      </div>
      {is('edit') && <CategoryForm category={node} all={all} onDone={() => setMode(null)} />}
      {is('edit') && (
        <Suspense fallback={null}>
          <CategoryTitles category={node} />
        </Suspense>
      )}
      {is('child') && <CategoryForm parent={node} all={all} onDone={() => setMode(null)} />}
      {confirmDialog}
      {node.children.length > 0 && <Siblings nodes={node.children} all={all} mode={mode} setMode={setMode} />}
    </li>
  );
}

/** One group of siblings: a sortable list of its own, so a drag reorders within the group. */
export function Siblings({
  nodes,
  all,
  mode,
  setMode,
  root = false,
}: TreeProps & { nodes: CategoryNode[]; root?: boolean }) {
  const intl = useIntl();
  const act = useAct();
  const [order, setOrder] = useState<string[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = order ?? nodes.map((n) => n.id);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const shown = ids.map((id) => byId.get(id)).filter((n): n is CategoryNode => !!n);

  async function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const to = ids.indexOf(String(over.id));
    const next = ids.filter((id) => id !== active.id);
    next.splice(to, 0, String(active.id));
    setOrder(next);
    const title = byId.get(String(active.id))?.title ?? '';
    await act(
      () => moveCategoryTo(String(active.id), to),
      intl.formatMessage({ id: 'admin.categories.moved' }, { title, position: to + 1 }),
    );
    setOrder(null);
  }

  const titleOf = (id: unknown) => byId.get(String(id))?.title ?? '';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={(e) => void onDragEnd(e)}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) =>
            intl.formatMessage({ id: 'admin.categories.dnd.start' }, { title: titleOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over
              ? intl.formatMessage(
                  { id: 'admin.categories.dnd.over' },
                  { title: titleOf(active.id), position: ids.indexOf(String(over.id)) + 1 },
                )
              : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? intl.formatMessage(
                  { id: 'admin.categories.dnd.end' },
                  { title: titleOf(active.id), position: ids.indexOf(String(over.id)) + 1 },
                )
              : undefined,
          onDragCancel: ({ active }) =>
            intl.formatMessage({ id: 'admin.categories.dnd.cancel' }, { title: titleOf(active.id) }),
        },
        screenReaderInstructions: { draggable: intl.formatMessage({ id: 'admin.categories.dnd.instructions' }) },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={root ? 'admin-tree' : undefined}>
          {shown.map((n) => (
            <CategoryItem key={n.id} node={n} all={all} mode={mode} setMode={setMode} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
