// The one confirmation of the workspace and admin screens: a modal alert dialog whose button names the action
// ('Delete Travel', not 'OK'). For an action that cannot be undone, Cancel has the focus first, so Enter never
// destroys by accident; Esc cancels, focus stays inside while open and goes back to where it was after.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage } from 'react-intl';
import './screen-kit.css';

export interface ConfirmRequest {
  title: string;
  message?: ReactNode;
  /** The action, as its button says it. */
  confirmLabel: string;
  /** Whether the action destroys something (the default): Cancel is focused first and the button is red. */
  destructive?: boolean;
}

/** `confirm(request)` resolves true when the user confirms; render `dialog` somewhere in the view. */
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

function ConfirmDialog({
  title,
  message,
  confirmLabel,
  destructive = true,
  onClose,
}: ConfirmRequest & { onClose: (ok: boolean) => void }) {
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const action = useRef<HTMLButtonElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    (destructive ? cancel : action).current?.focus();
    // Keys on the document while the dialog is open: Esc cancels, Tab stays among its buttons.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current(false);
      }
      if (e.key !== 'Tab') return;
      const buttons = [...(dialog.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
      const first = buttons[0];
      const last = buttons.at(-1);
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
      before?.focus?.();
    };
  }, [destructive]);
  return createPortal(
    <div className="kit-dialog-backdrop">
      <div
        ref={dialog}
        className="kit-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
      >
        <h2 id={titleId}>{title}</h2>
        {message && <div id={messageId}>{message}</div>}
        <p className="actions">
          <button ref={cancel} type="button" className="button button-secondary" onClick={() => onClose(false)}>
            <FormattedMessage id="kit.cancel" />
          </button>
          <button
            ref={action}
            type="button"
            className={destructive ? 'button button-danger' : 'button'}
            onClick={() => onClose(true)}
          >
            {confirmLabel}
          </button>
        </p>
      </div>
    </div>,
    document.body,
  );
}
