// The full-screen image viewer: a modal dialog that keeps focus inside, closes on Esc and pages with ←/→.
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { srcSetOf } from '../picture';

export type ViewerImage = { href: string; alt: string; title: string };

type Props = {
  images: ViewerImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export default function GalleryViewer({ images, index, onIndexChange, onClose }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const image = images[index];
  const previous = () => onIndexChange((index - 1 + count) % count);
  const next = () => onIndexChange((index + 1) % count);

  useEffect(() => {
    closeButton.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  // Focus that escapes the dialog (a click behind it, a screen reader jump) is pulled back in.
  useEffect(() => {
    const keepFocus = (event: FocusEvent) => {
      if (dialog.current && event.target instanceof Node && !dialog.current.contains(event.target)) {
        closeButton.current?.focus();
      }
    };
    document.addEventListener('focusin', keepFocus);
    return () => document.removeEventListener('focusin', keepFocus);
  }, []);

  // While the modal is open every key is its own (focus cannot leave it), so it listens on the document.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'Tab' && dialog.current) {
      const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  if (!image) return null;
  return createPortal(
    <div className="viewer-backdrop">
      <div ref={dialog} className="viewer" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <p id={titleId} className="viewer-title">
          <FormattedMessage
            id="media.viewerTitle"
            defaultMessage="Image {n} of {count}: {title}"
            values={{ n: index + 1, count, title: image.alt }}
          />
        </p>
        <figure className="viewer-figure">
          <img src={image.href} srcSet={srcSetOf(image.href)} sizes="100vw" alt={image.alt} />
          {image.title && <figcaption>{image.title}</figcaption>}
        </figure>
        <div className="viewer-controls">
          <button type="button" onClick={previous} disabled={count < 2}>
            <span aria-hidden="true">← </span>
            {intl.formatMessage({ id: 'media.previous', defaultMessage: 'Previous' })}
          </button>
          <button type="button" onClick={next} disabled={count < 2}>
            {intl.formatMessage({ id: 'media.next', defaultMessage: 'Next' })}
            <span aria-hidden="true"> →</span>
          </button>
          <button type="button" ref={closeButton} onClick={onClose}>
            {intl.formatMessage({ id: 'media.close', defaultMessage: 'Close' })}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
