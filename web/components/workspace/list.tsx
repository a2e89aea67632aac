// The workspace's lists (articles, channels, news): a text filter, an owner filter for ADMIN, a table of rows
// with their status, links to the edit form and the public page, paging with 'Show more', and a 'New …' button.
import { useDeferredValue, useState, type ReactNode } from 'react';
import { FormattedDate, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { listOwners } from '../../api/workspace';
import { usePagedQuery, useQuery, type QueryKey } from '../../data/cache';
import { keys } from '../../data/keys';
import { useSession } from '../../session/session';
import { useNotify } from '../notifications';
import { LoadError, Loading, errorMessage } from '../view-state';
import { SelectField } from './fields';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface WorkspaceListProps<T extends { id: string }> {
  /** The rows' cache key for a filter text and owner ('' for none). */
  queryKey: (q: string, owner: string) => QueryKey;
  fetchPage: (filter: { q: string; owner: string; cursor: string | undefined }) => Promise<Page<T>>;
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
  const notify = useNotify();
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';
  const [text, setText] = useState('');
  const [owner, setOwner] = useState('');
  // Typing stays fluid; the list follows the text a moment later.
  const q = useDeferredValue(text.trim());
  const owners = useQuery(admin ? keys.owners() : null, listOwners);
  const list = usePagedQuery(queryKey(q, owner), (cursor) => fetchPage({ q, owner, cursor }));
  const onShowMore = () =>
    list.loadMore().catch((error: unknown) => notify({ kind: 'error', message: errorMessage(error) }));

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
      </div>
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && <LoadError error={list.error} notFound={empty} onRetry={list.reload} />}
      {list.status === 'ok' && list.items.length === 0 && <p className="muted">{empty}</p>}
      {list.items.length > 0 && (
        <div className="table-wrap">
          <table aria-label={label}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.items.map((row) => (
                <tr key={row.id}>
                  {columns.map((c) => (
                    <td key={c.header}>{c.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.cursor && (
        <button
          type="button"
          className="button button-secondary load-more"
          disabled={list.busy}
          aria-busy={list.busy}
          onClick={() => void onShowMore()}
        >
          {intl.formatMessage({ id: 'ws.list.more' })}
        </button>
      )}
    </section>
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
