// The workspace's lists (articles, channels, news): a text filter, an owner filter for ADMIN, and the kit's data
// table of rows with their status, links to the edit form and the public page; a 'New …' button.
import { useDeferredValue, useState } from 'react';
import { FormattedDate, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { WorkspacePage, type SectionId } from './frame';
import { WorkspaceMessages } from './messages';
import { listOwners } from '#web/api/users-edit';
import { usePagedQuery, useQuery, type QueryKey } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { useSession } from '#web/session/session';
import { DataTable, type Column } from '../screen-kit/data-table';
import { SelectField } from './fields';
import { LanguageFilterField, languageFilterOf, type LanguageFilter } from '../translations/language-filter';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface WorkspaceListProps<T extends { id: string }> {
  /** The rows' cache key for a filter text and owner ('' for none). */
  queryKey: (q: string, owner: string) => QueryKey;
  fetchPage: (filter: {
    q: string;
    owner: string;
    cursor: string | undefined;
    /** "Missing in …" / "outdated in …" (issue 29). */
    languages: LanguageFilter;
  }) => Promise<Page<T>>;
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  /** Shown when nothing matches. */
  empty: string;
}

export function WorkspaceList<T extends { id: string }>({
  queryKey,
  fetchPage,
  label,
  columns,
  empty,
}: WorkspaceListProps<T>) {
  const intl = useIntl();
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  const [text, setText] = useState('');
  const [owner, setOwner] = useState('');
  const [language, setLanguage] = useState('');
  // Typing stays fluid; the list follows the text a moment later.
  const q = useDeferredValue(text.trim());
  const owners = useQuery(admin ? keys.owners() : null, listOwners);
  const list = usePagedQuery([...queryKey(q, owner), language], (cursor) =>
    fetchPage({ q, owner, cursor, languages: languageFilterOf(language) }),
  );

  return (
    <section className="ws-list">
      <div className="ws-filters" role="search" aria-label={intl.formatMessage({ id: 'ws.list.filters' })}>
        <div className="field filter-field">
          <label htmlFor="ws-filter-text">{intl.formatMessage({ id: 'ws.list.filter' })}</label>
          <input
            id="ws-filter-text"
            type="search"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autoComplete="off"
          />
        </div>
        {admin && (
          <SelectField
            label={intl.formatMessage({ id: 'ws.list.owner' })}
            value={owner}
            onChange={(e) => setOwner(e.currentTarget.value)}
          >
            <option value="">{intl.formatMessage({ id: 'ws.list.everyone' })}</option>
            {(owners.data ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </SelectField>
        )}
        <LanguageFilterField value={language} onChange={setLanguage} />
      </div>
      <DataTable data={list} columns={columns} label={label} empty={empty} rowHeaders={false} />
    </section>
  );
}

/**
 * A workspace section's list page: its catalogue, heading, 'New …' button and the list. `section` names the URL
 * (/myaccount/{section}) and the messages: ws.{section}.title, .new and .empty.
 */
export function WorkspaceListPage<T extends { id: string }>(props: ListPageProps<T>) {
  return (
    <WorkspaceMessages>
      <ListPage {...props} />
    </WorkspaceMessages>
  );
}

/** A workspace list screen: its section, its rows' cache key and fetch, and its columns. */
export function workspaceListView<T extends { id: string }>(
  section: ListPageProps<T>['section'],
  queryKey: ListPageProps<T>['queryKey'],
  fetchPage: ListPageProps<T>['fetchPage'],
  columns: ListPageProps<T>['columns'],
) {
  return function WorkspaceListView() {
    return <WorkspaceListPage section={section} queryKey={queryKey} fetchPage={fetchPage} columns={columns} />;
  };
}

/** Translates a workspace message (inside the workspace's catalogue). */
export type Translate = (id: string, values?: Record<string, string>) => string;

interface ListPageProps<T extends { id: string }> extends Omit<WorkspaceListProps<T>, 'label' | 'empty' | 'columns'> {
  section: Exclude<SectionId, 'account' | 'publications'>;
  /** The columns, given the translations and whether the viewer is an admin (who sees the owners). */
  columns: (t: Translate, admin: boolean) => Column<T>[];
}

function ListPage<T extends { id: string }>({ section, columns, ...list }: ListPageProps<T>) {
  const intl = useIntl();
  const admin = useSession().user?.role === 'ADMIN';
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  const title = t(`ws.${section}.title`);
  return (
    <WorkspacePage
      section={section}
      title={title}
      actions={<NewButton to={`/myaccount/${section}/new`} label={t(`ws.${section}.new`)} />}
    >
      <WorkspaceList {...list} columns={columns(t, admin)} label={title} empty={t(`ws.${section}.empty`)} />
    </WorkspacePage>
  );
}

/** A row's last change, as a date. */
export function ChangedAt({ value }: { value: string }) {
  return (
    <time dateTime={value}>
      <FormattedDate value={value} year="numeric" month="short" day="numeric" />
    </time>
  );
}

/** The 'New …' button of a list. */
export function NewButton({ to, label }: { to: string; label: string }) {
  return (
    <Link className="button" to={to}>
      {label}
    </Link>
  );
}
