// What the workspace's content forms (article, channel, news item) share around the kit's form hook: the page
// while the item loads, the teaser and text, the categories, the flags fieldset, the Save and Delete buttons,
// and deleting with a confirmation.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { LIMITS } from '#schema/requests';
import { listCategories } from '#web/api/categories';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { TextArea, TextField } from '../form';
import { useConfirm } from '../screen-kit/confirm-dialog';
import type { Form } from '../screen-kit/use-form';
import { useNotify } from '../notifications';
import { LoadError, Loading } from '../view-state';
import { CategoryPicker, Checkbox } from './fields';
import { WorkspacePage, type SectionId } from './frame';

/** The page of a form whose item is still loading, or failed to (404: the section's not-found text). */
export function ItemLoading({
  section,
  title,
  item,
  notFound,
}: {
  section: SectionId;
  title: string;
  item: { status: 'loading' | 'ok' | 'error'; error?: unknown; reload: () => void };
  notFound: string;
}) {
  return (
    <WorkspacePage section={section} title={title}>
      {item.status === 'loading' ? (
        <Loading />
      ) : (
        <LoadError error={item.error} notFound={notFound} onRetry={item.reload} />
      )}
    </WorkspacePage>
  );
}

/** The flags of an article or channel as checkboxes; 'published' only for an admin editing a stored one. */
export function FlagFields<F extends string>({
  flags,
  values,
  onChange,
  published,
}: {
  flags: readonly F[];
  values: Record<F | 'published', boolean>;
  onChange: (flag: F | 'published', on: boolean) => void;
  published: boolean;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const shown: (F | 'published')[] = published ? [...flags, 'published'] : [...flags];
  return (
    <fieldset>
      <legend>{t('ws.field.flags')}</legend>
      {shown.map((flag) => (
        <Checkbox
          key={flag}
          label={t(`ws.flag.${flag}`)}
          hint={t(`ws.flag.${flag}.hint`)}
          checked={values[flag]}
          onChange={(e) => onChange(flag, e.currentTarget.checked)}
        />
      ))}
    </fieldset>
  );
}

/** The required title (or a channel's name) of a content form. */
export function TitleField<K extends string, V extends Record<K, string>>({ form, name }: { form: Form<V>; name: K }) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: `ws.field.${name}` })}
      name={name}
      required
      maxLength={LIMITS.title}
      value={form.values[name]}
      onChange={(e) => form.set(name, e.currentTarget.value as V[K])}
      error={form.errors[name]}
    />
  );
}

/** The teaser of an article or news item. */
export function TeaserField<V extends { teaser: string }>({ form }: { form: Form<V> }) {
  const intl = useIntl();
  return (
    <TextArea
      label={intl.formatMessage({ id: 'ws.field.teaser' })}
      name="teaser"
      rows={2}
      maxLength={LIMITS.teaser}
      value={form.values.teaser}
      onChange={(e) => form.set('teaser', e.currentTarget.value)}
      error={form.errors.teaser}
    />
  );
}

/** The teaser and the plain text of a news item. */
export function TeaserAndText<V extends { teaser: string; description: string }>({
  form,
  textRows,
}: {
  form: Form<V>;
  textRows: number;
}) {
  const intl = useIntl();
  const { values, set, errors } = form;
  return (
    <>
      <TeaserField form={form} />
      <TextArea
        label={intl.formatMessage({ id: 'ws.field.description' })}
        name="description"
        rows={textRows}
        maxLength={LIMITS.text}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value as V['description'])}
        error={errors.description}
      />
    </>
  );
}

/** The categories an article or channel is filed in, from the whole tree. */
export function CategoriesField<V extends { categoryIds: string[] }>({ form }: { form: Form<V> }) {
  const intl = useIntl();
  const categories = useQuery(keys.categories(), listCategories);
  return (
    <CategoryPicker
      legend={intl.formatMessage({ id: 'ws.field.categories' })}
      categories={categories.data ?? []}
      selected={form.values.categoryIds}
      onChange={(ids) => form.set('categoryIds', ids)}
      error={form.errors.categoryIds}
    />
  );
}

/** Save (or Create), what else the form offers (`children`: Preview) and, for a stored item, Delete. */
export function FormButtons({
  busy,
  submitLabel,
  onDelete,
  children,
}: {
  busy: boolean;
  submitLabel: string;
  onDelete?: (() => void) | undefined;
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <p className="actions">
      <button type="submit" className="button" disabled={busy}>
        {submitLabel}
      </button>
      {children}
      {onDelete && (
        <button type="button" className="button button-danger" disabled={busy} onClick={onDelete}>
          {intl.formatMessage({ id: 'ws.delete' })}
        </button>
      )}
    </p>
  );
}

/**
 * Deleting the form's item: asks first (the dialog names it), then runs `remove`, forgets the unsaved changes,
 * says so and goes back to the section's list. Render `dialog` in the view: the form page's dialogs, this one's and
 * the leave guard's (every content form deletes, so its page renders both at one place).
 */
export function useDeleteItem<V extends object>(
  form: Form<V>,
  { title, message, list, remove }: { title: string; message: ReactNode; list: string; remove: () => Promise<unknown> },
  name: string,
): [() => Promise<void>, ReactNode] {
  const intl = useIntl();
  const notify = useNotify();
  const navigate = useNavigate();
  const [confirm, dialog] = useConfirm();
  const run = async () => {
    const ok = await confirm({ title, message, confirmLabel: intl.formatMessage({ id: 'ws.delete' }) });
    if (!ok) return;
    await form.send(
      async () => {
        await remove();
        form.markSaved();
        notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.deleted' }, { title: name }) });
        void navigate(list, { replace: true });
      },
      { keepBusy: true },
    );
  };
  return [
    run,
    <>
      {dialog}
      {form.leaveDialog}
    </>,
  ];
}
