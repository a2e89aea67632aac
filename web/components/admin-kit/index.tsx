// What every section of the admin workspace shares: its heading and document title, the states of a paged list
// (loading, error with 'Try again', empty, the rows and 'Show more'), an inline confirmation, dates shown in the
// admin's time zone, and the error text of a failed write.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNotify } from '../notifications';
import { pageTitle } from '../page-title';
import { LoadError, Loading } from '../view-state';
import './admin-kit.css';

/** Sets the tab's title to `parts` joined with the site name, and restores the previous one on leaving. */
export function useDocumentTitle(...parts: string[]) {
  const title = pageTitle(...parts);
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** A section's frame: its h2, which also names the document title, and its lead text. */
export function Section({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const headingId = useId();
  useDocumentTitle(title, intl.formatMessage({ id: 'admin.title' }));
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section-head">
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {lead && <p className="muted">{lead}</p>}
      {children}
    </section>
  );
}

/** The message of a failed call (ApiError carries the server's), else the generic one. */
export function useErrorText() {
  const intl = useIntl();
  return (err: unknown) =>
    err instanceof Error && err.message ? err.message : intl.formatMessage({ id: 'shell.error.title' });
}

/** Runs a write, then says how it went in a toast; resolves to whether it succeeded. */
export function useAct() {
  const notify = useNotify();
  const errorText = useErrorText();
  return async (run: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await run();
      notify({ kind: 'success', message: success });
      return true;
    } catch (err) {
      notify({ kind: 'error', message: errorText(err) });
      return false;
    }
  };
}

export interface PagedList<T> {
  status: 'loading' | 'ok' | 'error';
  error: unknown;
  reload: () => void;
  items: T[];
  cursor: string | null;
  busy: boolean;
  loadMore: () => Promise<void>;
}

/** Loading, error with 'Try again', empty, or the rows followed by 'Show more' while there are more. */
export function ListState<T>({
  list,
  empty,
  children,
}: {
  list: PagedList<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const notify = useNotify();
  const errorText = useErrorText();
  if (list.status === 'loading') return <Loading />;
  if (list.status === 'error')
    return <LoadError error={list.error} notFound={errorText(list.error)} onRetry={list.reload} />;
  if (list.items.length === 0) return <p className="admin-empty muted">{empty}</p>;
  return (
    <>
      {children(list.items)}
      {list.cursor && (
        <p className="admin-more">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={list.busy}
            aria-busy={list.busy}
            onClick={() =>
              void list.loadMore().catch((err: unknown) => notify({ kind: 'error', message: errorText(err) }))
            }
          >
            <FormattedMessage id="admin.showMore" />
          </button>
        </p>
      )}
    </>
  );
}

/** An inline confirmation: the question, a confirm button (focused when shown) and Cancel. */
export function Confirm({
  question,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const id = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div role="alertdialog" aria-labelledby={id} className="admin-confirm">
      <p id={id}>{question}</p>
      <div className="admin-actions">
        <button
          ref={confirm}
          type="button"
          className="button button-small"
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onCancel}>
          <FormattedMessage id="admin.cancel" />
        </button>
      </div>
    </div>
  );
}

/** The browser's time zone, e.g. 'Europe/Berlin' (what the date fields show and convert from). */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A stored time (ISO, UTC) shown in the admin's locale and time zone, with the zone named. */
export function DateTime({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <time dateTime={value}>
      {intl.formatDate(value, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      })}
    </time>
  );
}

/** `yyyy-MM-ddTHH:mm` in the browser's zone: the value a datetime-local field shows for a stored UTC time. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's zone) as the UTC ISO string the API stores; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A select of filter values, '' for all. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V | '';
  options: readonly { value: V | ''; label: string }[];
  onChange: (value: V | '') => void;
}) {
  const id = useId();
  return (
    <div className="field admin-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V | '')}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Whether a one-off action is running, by row id. */
export function useBusy() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, action: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/** Where the content of a request, grant or publication lives in the portal. */
export const contentHref = (type: 'article' | 'channel', id: string) =>
  type === 'article' ? `/article/${id}` : `/chan/${id}`;
