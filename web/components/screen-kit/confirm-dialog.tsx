// The one confirmation of the SPA (docs/decisions/023-screen-kit.md, 038-one-confirm-dialog.md): a modal alert
// dialog whose button names the action ('Delete Travel', not 'OK'). For an action that cannot be undone, Cancel has
// the focus first, so Enter never destroys by accident; a dialog that asks for something (a reason, a password)
// puts the focus in its field instead, and Enter there confirms only when the field is required (the typed value is
// the deliberate answer). Esc cancels, focus stays inside while open and goes back to where it was after.
// `test/web/one-confirm.test.ts` keeps a second confirmation mechanism out of web/.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '../error-text';
import { TextArea, TextField } from '../form';
import { useNotify } from '../notifications';
import './screen-kit.css';

/** A field the dialog asks for with the action: a reason, a password. */
export interface ConfirmField {
  label: string;
  hint?: string;
  /** 'textarea' (the default) takes several lines; Enter adds a line there. */
  type?: 'textarea' | 'text' | 'password';
  maxLength?: number;
  required?: boolean;
  autoComplete?: string;
}

export interface ConfirmRequest {
  title: string;
  message?: ReactNode;
  /** The action, as its button says it. */
  confirmLabel: string;
  /** Whether the action destroys something (the default): Cancel is focused first and the button is red. */
  destructive?: boolean;
  field?: ConfirmField;
  /**
   * Runs the action while the dialog stays open (its buttons busy), with the field's value (trimmed, but not a
   * password); when it
   * throws, the error's sentence (../error-text.ts) is shown in the dialog (beside the field, if there is one) and the dialog stays.
   */
  action?: (value: string) => Promise<unknown>;
  /** Other ways out besides Cancel and the action (a conflict: 'Load theirs'); each closes the dialog. */
  alternatives?: { label: string; onChoose: () => void; destructive?: boolean }[];
  /** Room for a wide message (a comparison). */
  wide?: boolean;
}

/**
 * `confirm(request)` resolves true when the user confirmed (and the request's `action` succeeded), false when they
 * cancelled or chose an alternative; render `dialog` somewhere in the view.
 */
export function useConfirm(): [(request: ConfirmRequest) => Promise<boolean>, ReactNode] {
  const [open, setOpen] = useState<(ConfirmRequest & { resolve: (ok: boolean) => void }) | null>(null);
  const confirm = useCallback(
    (request: ConfirmRequest) => new Promise<boolean>((resolve) => setOpen({ ...request, resolve })),
    [],
  );
  const close = (ok: boolean) => {
    open?.resolve(ok);
    setOpen(null);
  };
  return [confirm, open ? <ConfirmDialog {...open} onClose={close} /> : null];
}

/**
 * An action behind a confirmation whose outcome is said in a toast: `act(request, run, done)` asks, then runs `run`
 * and says `done`, or the error's sentence; render `dialog` somewhere in the view.
 */
export function useConfirmedAction(): [
  (request: ConfirmRequest, run: () => Promise<unknown>, done: string) => Promise<void>,
  ReactNode,
] {
  const intl = useIntl();
  const notify = useNotify();
  const [confirm, dialog] = useConfirm();
  const act = async (request: ConfirmRequest, run: () => Promise<unknown>, done: string) => {
    if (!(await confirm(request))) return;
    try {
      await run();
      notify({ kind: 'success', message: done });
    } catch (err) {
      notify({ kind: 'error', message: errorText(err, intl) });
    }
  };
  return [act, dialog];
}

/** The dialog itself, for a view that keeps it open from its own state (useConfirm is the usual way). */
export function ConfirmDialog({
  title,
  message: body,
  confirmLabel,
  destructive = true,
  field,
  action,
  alternatives = [],
  wide = false,
  onClose,
}: ConfirmRequest & { onClose: (ok: boolean) => void }) {
  const intl = useIntl();
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = useRef(onClose);
  const busyNow = useRef(false);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const input = dialog.current?.querySelector<HTMLElement>('input, textarea');
    (input ?? (destructive ? cancel : confirmButton).current)?.focus();
    // Keys on the document while the dialog is open: Esc cancels, Tab stays among its controls.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        if (!busyNow.current) close.current(false);
      }
      if (e.key !== 'Tab') return;
      const controls = [
        ...(dialog.current?.querySelectorAll<HTMLElement>('button:not(:disabled), input, textarea') ?? []),
      ];
      const first = controls[0];
      const last = controls.at(-1);
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Back to where the focus was; a click does not focus its button in every browser (the view may then do it).
      if (before && before !== document.body) before.focus?.();
    };
  }, [destructive]);

  async function confirm() {
    // A password is taken as typed; other answers without the spaces around them.
    const answer = field?.type === 'password' ? value : value.trim();
    if (field?.required && !answer) {
      setError(intl.formatMessage({ id: 'form.required' }));
      dialog.current?.querySelector<HTMLElement>('input, textarea')?.focus();
      return;
    }
    if (!action) return onClose(true);
    setBusy(true);
    busyNow.current = true;
    setError(null);
    try {
      await action(answer);
    } catch (err) {
      setError(errorText(err, intl));
      setBusy(false);
      busyNow.current = false;
      dialog.current?.querySelector<HTMLElement>('input, textarea')?.focus();
      return;
    }
    onClose(true);
  }

  // Enter in a single-line field confirms when the field is required; any other Enter does nothing here.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (field?.required && field.type !== 'textarea') void confirm();
  };

  const fieldProps = field && {
    label: field.label,
    name: 'confirm-field',
    hint: field.hint,
    required: field.required,
    maxLength: field.maxLength,
    autoComplete: field.autoComplete,
    error: error ?? undefined,
    value,
    disabled: busy,
  };
  return createPortal(
    <div className="kit-dialog-backdrop">
      <div
        ref={dialog}
        className={wide ? 'kit-dialog kit-dialog-wide' : 'kit-dialog'}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={body ? messageId : undefined}
        aria-busy={busy || undefined}
      >
        <h2 id={titleId}>{title}</h2>
        {body && <div id={messageId}>{body}</div>}
        <form noValidate onSubmit={onSubmit}>
          {fieldProps &&
            (field.type === 'text' || field.type === 'password' ? (
              <TextField {...fieldProps} type={field.type} onChange={(e) => setValue(e.currentTarget.value)} />
            ) : (
              <TextArea {...fieldProps} rows={3} onChange={(e) => setValue(e.currentTarget.value)} />
            ))}
          {error && !field && (
            <p role="alert" className="form-alert">
              {error}
            </p>
          )}
          <p className="actions">
            <button
              ref={cancel}
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => onClose(false)}
            >
              <FormattedMessage id="kit.cancel" />
            </button>
            {alternatives.map((a) => (
              <button
                key={a.label}
                type="button"
                className={a.destructive ? 'button button-danger' : 'button button-secondary'}
                disabled={busy}
                onClick={() => {
                  a.onChoose();
                  onClose(false);
                }}
              >
                {a.label}
              </button>
            ))}
            <button
              ref={confirmButton}
              type="button"
              className={destructive ? 'button button-danger' : 'button'}
              disabled={busy}
              onClick={() => void confirm()}
            >
              {confirmLabel}
            </button>
          </p>
        </form>
      </div>
    </div>,
    document.body,
  );
}
