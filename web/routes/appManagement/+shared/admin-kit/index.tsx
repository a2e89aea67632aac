// What every section of the admin workspace shares beyond the screen kit: its heading and document title, dates
// shown in the admin's time zone, filters, and the error text and toast of a write.
import { useEffect, useId, useState, type FormEventHandler, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '#web/components/error-text';
import { FormAlert } from '#web/components/form';
import { useNotify } from '#web/components/notifications';
import { pageTitle } from '#web/components/page-title';
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

/** The sentence of a failed call in the admin's words (web/components/error-text.ts). */
export function useErrorText() {
  const intl = useIntl();
  return (err: unknown) => errorText(err, intl);
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

/** The browser's time zone (what the date fields show and convert from): the kit's, for the admin screens. */
export { timeZone } from '#web/components/screen-kit/local-time';

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

/** A form's submit button (busy while it sends) and Cancel. */
export function SubmitCancel({
  busy,
  submitLabel,
  onCancel,
  small = false,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
  small?: boolean;
}) {
  const size = small ? ' button-small' : '';
  return (
    <div className="admin-actions">
      <button type="submit" className={`button${size}`} disabled={busy} aria-busy={busy}>
        {submitLabel}
      </button>
      <button type="button" className={`button button-secondary${size}`} onClick={onCancel}>
        <FormattedMessage id="admin.cancel" />
      </button>
    </div>
  );
}

/** An admin form in a panel: its heading names it, the server's refusal shows above its fields. */
export function AdminForm({
  formRef,
  title,
  alert,
  onSubmit,
  children,
}: {
  formRef: (element: HTMLFormElement | null) => void;
  title: ReactNode;
  alert: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <form ref={formRef} noValidate className="panel admin-form" aria-labelledby={titleId} onSubmit={onSubmit}>
      <h3 id={titleId}>{title}</h3>
      <FormAlert message={alert} />
      {children}
    </form>
  );
}
