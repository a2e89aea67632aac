// Creating a category (a root, or a child) or editing one: title, slug, parent and image, checked with the shared
// schemas; the image goes with the write as a multipart part.
import { useCallback, useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Category } from '#schema/entities';
import { createCategoryBody, LIMITS, updateCategoryBody } from '#schema/requests';
import { AdminForm, SubmitCancel } from '../+shared/admin-kit';
import { TextField } from '#web/components/form';
import { useNotify } from '#web/components/notifications';
import { useForm } from '#web/components/screen-kit/use-form';
import { Checkbox, SelectField } from '#web/components/workspace/fields';
import { addCategory, editCategory } from '#web/data/admin';
import { slugify } from '#schema/slugify';
import { categoryPath } from '#web/paths';
import { buildCategoryTree, type CategoryNode } from '#web/routes/category/tree';

/** An option's text indented by its depth in the tree (options take no padding: non-breaking spaces and a dash). */
const indented = (title: string, depth: number) => (depth ? `${'\u00a0\u00a0\u00a0'.repeat(depth)}– ${title}` : title);

/** The image field; the chosen file goes with the write. */
function ImageField({ current, onFile }: { current?: string | null; onFile: (file: File | null) => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="admin.categories.image" />
      </label>
      {current && <img src={current} alt="" width={96} height={64} className="item-thumb" />}
      <input
        id={id}
        name="image"
        type="file"
        accept="image/*"
        aria-describedby={`${id}-hint`}
        onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {intl.formatMessage({ id: 'admin.categories.imageHint' })}
      </p>
    </div>
  );
}

/**
 * The parents `category` may move under, as the tree in its order, each indented by its depth: every category but
 * itself and those below it (the API refuses a move into its own sub-tree).
 */
export function parentOptions(
  all: readonly Category[],
  category: Category,
): { id: string; title: string; depth: number }[] {
  const options: { id: string; title: string; depth: number }[] = [];
  const walk = (nodes: CategoryNode[], depth: number) => {
    for (const n of nodes) {
      if (n.id === category.id) continue;
      options.push({ id: n.id, title: n.title, depth });
      walk(n.children, depth + 1);
    }
  };
  walk(buildCategoryTree(all), 0);
  return options;
}

/**
 * The opened form takes the focus in its first field (it opens below the button, often below the fold: the focus
 * scrolls it into view and a screen reader is where the typing goes); when it closes, the focus goes back to the
 * button that opened it, if nothing else took it. Answers the form's ref, joined to `formRef`.
 */
function useFocusWhileOpen(formRef: (element: HTMLFormElement | null) => void) {
  const [element, setElement] = useState<HTMLFormElement | null>(null);
  useEffect(() => {
    if (!element) return;
    const opener = document.activeElement;
    element.querySelector<HTMLElement>('input, select, textarea')?.focus();
    return () => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [element]);
  return useCallback(
    (el: HTMLFormElement | null) => {
      formRef(el);
      setElement(el);
    },
    [formRef],
  );
}

/** Create (a root, or a child of `parent`) or edit `category`. */
export function CategoryForm({
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
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const notify = useNotify();
  const [initial] = useState(() => ({
    title: category?.title ?? '',
    slug: category?.slug ?? '',
    parentId: category?.parentId ?? '',
    image: null as File | null,
    /** Renaming: give the category the address of its new title too (the old one keeps leading to it). */
    newAddress: false,
  }));
  const form = useForm({ initial });
  const { ref: formElement } = form;
  const { values, set, errors } = form;
  const attach = useFocusWhileOpen(formElement);

  async function submit() {
    const slug = values.slug.trim() || undefined;
    const image = values.image && values.image.size > 0 ? values.image : undefined;
    const saved = async (write: () => Promise<Category>, message: string) =>
      form.send(async () => {
        const result = await write();
        notify({ kind: 'success', message: t(message, { title: result.title }) });
        onDone();
      });
    if (category) {
      const patch = form.validate(updateCategoryBody, {
        title: values.title,
        slug: offered && values.newAddress ? offered : (slug ?? category.slug),
        parentId: values.parentId || null,
      });
      if (patch) await saved(() => editCategory(category.id, patch, image), 'admin.categories.saved');
      return;
    }
    const body = { title: values.title, parentId: parent?.id ?? null, ...(slug ? { slug } : {}) };
    if (form.validate(createCategoryBody, body))
      await saved(() => addCategory(body, image), 'admin.categories.created');
  }

  // A new title whose address differs from the current one: offered as the new address while the slug field is
  // untouched.
  const retitled = category && values.title.trim() && values.title.trim() !== category.title;
  const suggested = retitled ? slugify(values.title) : null;
  const offered = suggested && suggested !== category?.slug && values.slug === category?.slug ? suggested : null;
  const slugChanged = category && values.slug.trim() && values.slug.trim() !== category.slug;
  const oldAddress = category ? categoryPath(category.slug) : '';

  const heading = category
    ? t('admin.categories.editTitle', { title: category.title })
    : parent
      ? t('admin.categories.childTitle', { title: parent.title })
      : t('admin.categories.rootTitle');

  return (
    <AdminForm formRef={attach} title={heading} alert={form.alert} onSubmit={form.onSubmit(submit)}>
      <div className="field-row">
        <TextField
          label={t('admin.categories.name')}
          name="title"
          required
          maxLength={LIMITS.title}
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
        />
        <TextField
          label={t('admin.categories.slug')}
          name="slug"
          maxLength={LIMITS.slug}
          value={values.slug}
          onChange={(e) => set('slug', e.currentTarget.value)}
          hint={
            slugChanged
              ? `${t('admin.categories.slugHint')} ${t('admin.categories.oldAddressStays', { address: oldAddress })}`
              : t(category ? 'admin.categories.slugHint' : 'admin.categories.newSlugHint')
          }
          error={errors.slug}
        />
      </div>
      {offered && (
        <Checkbox
          label={t('admin.categories.newAddress', { address: categoryPath(offered) })}
          hint={t('admin.categories.oldAddressStays', { address: oldAddress })}
          checked={values.newAddress}
          onChange={(e) => set('newAddress', e.currentTarget.checked)}
        />
      )}
      {category && (
        <SelectField
          label={t('admin.categories.parent')}
          value={values.parentId}
          onChange={(e) => set('parentId', e.currentTarget.value)}
          error={errors.parentId}
        >
          <option value="">{t('admin.categories.noParent')}</option>
          {parentOptions(all, category).map((c) => (
            <option key={c.id} value={c.id}>
              {indented(c.title, c.depth)}
            </option>
          ))}
        </SelectField>
      )}
      <ImageField current={category?.imageHref ?? null} onFile={(file) => set('image', file)} />
      <SubmitCancel
        busy={form.busy}
        submitLabel={t(category ? 'admin.save' : 'admin.categories.create')}
        onCancel={onDone}
        small
      />
    </AdminForm>
  );
}
