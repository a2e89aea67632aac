// A modal dialog to look at something (a revision comparison, a preview): titled, Esc closes, focus moves in when
// it opens and back when it closes. It asks nothing: a question is the kit's confirm dialog (screen-kit/).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
// The kit's dialog look (a fixed layer over the page, a card in it), shared with the confirm dialog.
import '../screen-kit/screen-kit.css';

export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      before?.focus?.();
    };
  }, []);
  return createPortal(
    <div className="kit-dialog-backdrop">
      <div
        ref={box}
        tabIndex={-1}
        className="kit-dialog kit-dialog-wide"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
