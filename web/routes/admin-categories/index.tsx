// /appManagement/categories: the category tree, editable in place. Create a child (or a root), rename, change
// the slug, upload an image, move under another parent (the API refuses cycles; its message is shown), reorder
// siblings by dragging or by keyboard (dnd-kit: Space picks up, arrows move, Space drops), and delete (refused
// while children or content remain; the API says what is left). Every write refreshes the public category
// screens and breadcrumbs through the data cache.
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
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Category } from '../../../schema/entities';
import { createCategoryBody, LIMITS, updateCategoryBody } from '../../../schema/requests';
import { Confirm, Section, useAct, useErrorText } from '../../components/admin-kit';
import { FormAlert, TextField, formValues, issuesToFieldErrors, useFormState } from '../../components/form';
import { useNotify } from '../../components/notifications';
import { LoadError, Loading } from '../../components/view-state';
import { addCategory, editCategory, moveCategoryTo, removeCategory, useCategoryList } from '../../data/admin';
import { buildCategoryTree, flatten, type CategoryNode } from '../categories/tree';

type Mode = { kind: 'edit' | 'child' | 'delete'; id: string } | { kind: 'root' } | null;

/** The image field; the chosen file goes with the write as a multipart part. */
function ImageField({ current }: { current?: string | null }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="admin.categories.image" />
      </label>
      {current && <img src={current} alt="" width={96} height={64} className="item-thumb" />}
      <input id={id} name="image" type="file" accept="image/*" aria-describedby={`${id}-hint`} />
      <p className="field-hint" id={`${id}-hint`}>
        {intl.formatMessage({ id: 'admin.categories.imageHint' })}
      </p>
    </div>
  );
}

const chosenFile = (form: HTMLFormElement): File | undefined => {
  const file = new FormData(form).get('image');
  return file instanceof File && file.size > 0 ? file : undefined;
};

/** Create (a root, or a child of `parent`) or edit `category`. */
function CategoryForm({
  category,
  parent,
  all,
  onDone,
}: {
  category?: CategoryNode;
  parent?: CategoryNode | null;
  all: Category[];
  onDone: () => void;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, alert, setAlert, busy, send } = useFormState();
  const titleId = useId();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    const image = chosenFile(e.currentTarget);
    const slug = v.slug?.trim() || undefined;
    setAlert(null);
    if (category) {
      const patch = { title: v.title ?? '', slug: slug ?? category.slug, parentId: v.parentId ? v.parentId : null };
      const parsed = updateCategoryBody.safeParse(patch);
      setErrors(parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, patch));
      if (!parsed.success) return;
      await send(async () => {
        const saved = await editCategory(category.id, parsed.data, image);
        notify({
          kind: 'success',
          message: intl.formatMessage({ id: 'admin.categories.saved' }, { title: saved.title }),
        });
        onDone();
      });
    } else {
      const body = { title: v.title ?? '', parentId: parent?.id ?? null, ...(slug ? { slug } : {}) };
      const parsed = createCategoryBody.safeParse(body);
      setErrors(parsed.success ? {} : issuesToFieldErrors(parsed.error, intl, body));
      if (!parsed.success) return;
      await send(async () => {
        const created = await addCategory(body, image);
        notify({
          kind: 'success',
          message: intl.formatMessage({ id: 'admin.categories.created' }, { title: created.title }),
        });
        onDone();
      });
    }
  }

  const heading = category
    ? intl.formatMessage({ id: 'admin.categories.editTitle' }, { title: category.title })
    : parent
      ? intl.formatMessage({ id: 'admin.categories.childTitle' }, { title: parent.title })
      : intl.formatMessage({ id: 'admin.categories.rootTitle' });

  return (
    <form ref={form} noValidate className="panel admin-form" aria-labelledby={titleId} onSubmit={(e) => void submit(e)}>
      <h3 id={titleId}>{heading}</h3>
      <FormAlert message={alert} />
      <div className="field-row">
        <TextField
          label={intl.formatMessage({ id: 'admin.categories.name' })}
          name="title"
          required
          maxLength={LIMITS.title}
          defaultValue={category?.title ?? ''}
          error={errors.title}
        />
        <TextField
          label={intl.formatMessage({ id: 'admin.categories.slug' })}
          name="slug"
          maxLength={LIMITS.slug}
          defaultValue={category?.slug ?? ''}
          hint={intl.formatMessage({ id: category ? 'admin.categories.slugHint' : 'admin.categories.newSlugHint' })}
          error={errors.slug}
        />
      </div>
      {category && (
        <div className="field">
          <label htmlFor={`${titleId}-parent`}>
            <FormattedMessage id="admin.categories.parent" />
          </label>
          <select id={`${titleId}-parent`} name="parentId" defaultValue={category.parentId ?? ''}>
            <option value="">{intl.formatMessage({ id: 'admin.categories.noParent' })}</option>
            {all
              .filter((c) => c.id !== category.id)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
          </select>
        </div>
      )}
      <ImageField current={category?.imageHref ?? null} />
      <div className="admin-actions">
        <button type="submit" className="button button-small" disabled={busy} aria-busy={busy}>
          <FormattedMessage id={category ? 'admin.save' : 'admin.categories.create'} />
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onDone}>
          <FormattedMessage id="admin.cancel" />
        </button>
      </div>
    </form>
  );
}

interface TreeProps {
  all: Category[];
  mode: Mode;
  setMode: (mode: Mode) => void;
}

function CategoryItem({ node, all, mode, setMode }: TreeProps & { node: CategoryNode }) {
  const intl = useIntl();
  const notify = useNotify();
  const errorText = useErrorText();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { setNodeRef, transform, transition, isDragging, attributes, listeners } = useSortable({ id: node.id });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const title = node.title;

  async function remove() {
    setBusy(true);
    try {
      await removeCategory(node.id);
      notify({ kind: 'success', message: intl.formatMessage({ id: 'admin.categories.deleted' }, { title }) });
      setMode(null);
    } catch (err) {
      // 409 names what is still inside; 404 if someone else deleted it meanwhile.
      setRefusal(errorText(err));
      setMode(null);
    } finally {
      setBusy(false);
    }
  }

  const is = (kind: 'edit' | 'child' | 'delete') => mode !== null && mode.kind === kind && mode.id === node.id;
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
          <Link to={`/category/${node.id}`}>{title}</Link> <span className="muted small">/{node.slug}</span>
        </span>
        <div className="admin-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={intl.formatMessage({ id: 'admin.categories.editOf' }, { title })}
            onClick={() => setMode({ kind: 'edit', id: node.id })}
          >
            <FormattedMessage id="admin.edit" />
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={intl.formatMessage({ id: 'admin.categories.addChildOf' }, { title })}
            onClick={() => setMode({ kind: 'child', id: node.id })}
          >
            <FormattedMessage id="admin.categories.addChild" />
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={intl.formatMessage({ id: 'admin.categories.deleteOf' }, { title })}
            onClick={() => {
              setRefusal(null);
              setMode({ kind: 'delete', id: node.id });
            }}
          >
            <FormattedMessage id="admin.delete" />
          </button>
        </div>
      </div>
      {is('edit') && <CategoryForm category={node} all={all} onDone={() => setMode(null)} />}
      {is('child') && <CategoryForm parent={node} all={all} onDone={() => setMode(null)} />}
      {is('delete') && (
        <Confirm
          question={intl.formatMessage({ id: 'admin.categories.confirmDelete' }, { title })}
          confirmLabel={intl.formatMessage({ id: 'admin.categories.deleteOf' }, { title })}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setMode(null)}
        />
      )}
      {refusal && (
        <div role="alert" className="form-alert">
          {refusal}{' '}
          <button type="button" className="link-button" onClick={() => setRefusal(null)}>
            <FormattedMessage id="admin.close" />
          </button>
        </div>
      )}
      {node.children.length > 0 && <Siblings nodes={node.children} all={all} mode={mode} setMode={setMode} />}
    </li>
  );
}

/** One group of siblings: a sortable list of its own, so a drag reorders within the group. */
function Siblings({ nodes, all, mode, setMode, root = false }: TreeProps & { nodes: CategoryNode[]; root?: boolean }) {
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
