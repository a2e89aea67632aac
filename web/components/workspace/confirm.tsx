// Asking before something that cannot be undone (deleting): a modal alert dialog with Cancel focused first,
// Esc to cancel, focus kept inside while open and given back to where it was after.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage } from 'react-intl';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
}

/** `confirm(request)` resolves true when the editor confirms; render `dialog` somewhere in the view. */
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

function ConfirmDialog({ title, message, confirmLabel, onClose }: ConfirmRequest & { onClose: (ok: boolean) => void }) {
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
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
  }, []);
  return createPortal(
    <div className="ws-dialog-backdrop">
      <div
        ref={dialog}
        className="ws-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={messageId}>{message}</div>
        <p className="actions">
          <button ref={cancel} type="button" className="button button-secondary" onClick={() => onClose(false)}>
            <FormattedMessage id="ws.cancel" />
          </button>
          <button type="button" className="button button-danger" onClick={() => onClose(true)}>
            {confirmLabel}
          </button>
        </p>
      </div>
    </div>,
    document.body,
  );
}
