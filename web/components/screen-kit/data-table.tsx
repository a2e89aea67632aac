// The one table of the workspace and admin screens: a list from the data cache (usePagedQuery, or any rows)
// shown as loading, failed with 'Try again', empty, or its rows and 'Show more' while the server has more. A new
// list is a column definition: each column a header and a cell, the first naming its row (a row header), the
// last the row's actions; a column with `sortBy` sorts the loaded rows from its header button (aria-sort).
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNotify } from '../notifications';
import { LoadError, Loading } from '../view-state';
import { errorText } from '../error-text';
import './screen-kit.css';

export interface Column<T> {
  /** Unique in the table (the React key of its cells); needed when it sorts. Default: its position. */
  name?: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Sorts the rows by this value when the header is pressed (ascending first, then descending). */
  sortBy?: (row: T) => string | number;
}

/** What usePagedQuery answers (or a fixed list: status 'ok', no cursor). */
export interface TableData<T> {
  status: 'loading' | 'ok' | 'error';
  error?: unknown;
  reload?: () => void;
  items: readonly T[];
  cursor?: string | null;
  busy?: boolean;
  loadMore?: () => Promise<void>;
}

export interface DataTableProps<T> {
  data: TableData<T>;
  columns: readonly Column<T>[];
  /** The table's accessible name. */
  label: string;
  /** Shown when there are no rows. */
  empty: string;
  /** The first column's cells are row headers (th scope=row): the row's name for screen readers. */
  rowHeaders?: boolean;
  rowKey?: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  /** A full-width row under a row (its details, an inline notice), or nothing. */
  detail?: (row: T) => ReactNode;
}

/** The last column: a small button a row that acts on it, named for its row ('Revoke Travel token'). */
/** A row's small action button; `label` names the row for a screen reader ('Edit https://…'). */
export function RowButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean | undefined;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      disabled={disabled}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function actionColumn<T>(
  header: string,
  action: {
    label: ReactNode;
    labelOf: (row: T) => string;
    onClick: (row: T) => void;
    disabled?: (row: T) => boolean;
  },
): Column<T> {
  return {
    name: 'actions',
    header,
    cell: (row) => (
      <RowButton label={action.labelOf(row)} disabled={action.disabled?.(row)} onClick={() => action.onClick(row)}>
        {action.label}
      </RowButton>
    ),
  };
}

type Sort = { name: string; direction: 'ascending' | 'descending' } | null;

const byId = (row: unknown) => (row as { id: string }).id;

export function DataTable<T>({
  data,
  columns,
  label,
  empty,
  rowHeaders = true,
  rowKey = byId,
  rowClassName,
  detail,
}: DataTableProps<T>) {
  const intl = useIntl();
  const [sort, setSort] = useState<Sort>(null);
  if (data.status === 'loading' && data.items.length === 0) return <Loading />;
  if (data.status === 'error' && data.items.length === 0)
    return <LoadError error={data.error} notFound={errorText(data.error, intl)} onRetry={data.reload} />;
  if (data.items.length === 0) return <p className="kit-empty muted">{empty}</p>;
  const rows = sorted(data.items, columns, sort);
  const toggle = (id: string) =>
    setSort((s) => ({
      name: id,
      direction: s?.name === id && s.direction === 'ascending' ? 'descending' : 'ascending',
    }));
  return (
    <>
      <div className="table-wrap">
        <table aria-label={label}>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th
                  key={c.name ?? i}
                  scope="col"
                  aria-sort={c.sortBy ? (sort?.name === (c.name ?? String(i)) ? sort.direction : 'none') : undefined}
                >
                  {c.sortBy ? (
                    <button type="button" className="kit-sort" onClick={() => toggle(c.name ?? String(i))}>
                      {c.header}
                      <span aria-hidden="true">
                        {sort?.name !== (c.name ?? String(i)) ? ' ↕' : sort.direction === 'ascending' ? ' ↑' : ' ↓'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={rowKey(row)} row={row} columns={columns} rowHeaders={rowHeaders} className={rowClassName}>
                {detail?.(row)}
              </Row>
            ))}
          </tbody>
        </table>
      </div>
      <ShowMore data={data} />
    </>
  );
}

function Row<T>({
  row,
  columns,
  rowHeaders,
  className,
  children,
}: {
  row: T;
  columns: readonly Column<T>[];
  rowHeaders: boolean;
  className: ((row: T) => string | undefined) | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <tr className={className?.(row)}>
        {columns.map((c, i) =>
          i === 0 && rowHeaders ? (
            <th key={c.name ?? i} scope="row">
              {c.cell(row)}
            </th>
          ) : (
            <td key={c.name ?? i}>{c.cell(row)}</td>
          ),
        )}
      </tr>
      {children && (
        <tr>
          <td colSpan={columns.length}>{children}</td>
        </tr>
      )}
    </>
  );
}

function sorted<T>(items: readonly T[], columns: readonly Column<T>[], sort: Sort): readonly T[] {
  const by = sort && columns.find((c, i) => (c.name ?? String(i)) === sort.name)?.sortBy;
  if (!sort || !by) return items;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = by(a);
    const y = by(b);
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
  });
}

/** 'Show more' while the server has more rows; a failed page is said in a toast, the rows stay. */
export function ShowMore({ data }: { data: Pick<TableData<unknown>, 'cursor' | 'busy' | 'loadMore'> }) {
  const notify = useNotify();
  const intl = useIntl();
  if (!data.cursor || !data.loadMore) return null;
  const loadMore = data.loadMore;
  return (
    <p className="kit-more">
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={data.busy}
        aria-busy={data.busy}
        onClick={() =>
          void loadMore().catch((err: unknown) => notify({ kind: 'error', message: errorText(err, intl) }))
        }
      >
        <FormattedMessage id="kit.showMore" />
      </button>
    </p>
  );
}
