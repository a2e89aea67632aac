// The full-screen image viewer: a modal dialog that keeps focus inside, closes on Esc and pages with ←/→; on a
// touch screen a swipe pages, two fingers pinch to zoom and one finger then moves the zoomed picture. Pointer
// events, so mouse, pen and touch alike; no library (the lazy budget of test/web/budget.test.ts).
import { useEffect, useEffectEvent, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
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

/** How far a finger must travel sideways for a swipe, in CSS pixels. */
export const SWIPE_PX = 50;
export const MAX_ZOOM = 4;

type Zoom = { scale: number; x: number; y: number };
const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };

/**
 * The gestures on the picture: a sideways swipe (unzoomed) pages, two pointers pinch between 1 and MAX_ZOOM, one
 * pointer on a zoomed picture moves it. Returns the zoom and the pointer handlers.
 */
function useGestures(onSwipe: (direction: 1 | -1) => void, resetKey: number) {
  // The zoom belongs to one picture: another one (resetKey) starts whole.
  const [zoomOf, setZoomOf] = useState<{ key: number; zoom: Zoom }>({ key: resetKey, zoom: NO_ZOOM });
  const zoom = zoomOf.key === resetKey ? zoomOf.zoom : NO_ZOOM;
  const setZoom = (next: Zoom | ((z: Zoom) => Zoom)) =>
    setZoomOf((current) => {
      const before = current.key === resetKey ? current.zoom : NO_ZOOM;
      return { key: resetKey, zoom: typeof next === 'function' ? next(before) : next };
    });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const start = useRef<{ x: number; y: number; zoom: Zoom; distance: number } | null>(null);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const begin = (current: Zoom) => {
    const [first] = [...pointers.current.values()];
    start.current = first ? { x: first.x, y: first.y, zoom: current, distance: distance() } : null;
  };

  return {
    zoom,
    handlers: {
      onPointerDown(e: ReactPointerEvent) {
        pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
        e.currentTarget.setPointerCapture?.(e.pointerId);
        begin(zoom);
      },
      onPointerMove(e: ReactPointerEvent) {
        if (!pointers.current.has(e.pointerId) || !start.current) return;
        pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
        const s = start.current;
        if (pointers.current.size >= 2 && s.distance > 0) {
          const scale = Math.min(MAX_ZOOM, Math.max(1, (s.zoom.scale * distance()) / s.distance));
          setZoom(scale === 1 ? NO_ZOOM : { ...s.zoom, scale });
        } else if (s.zoom.scale > 1) {
          setZoom({ ...s.zoom, x: s.zoom.x + e.clientX - s.x, y: s.zoom.y + e.clientY - s.y });
        }
      },
      onPointerUp(e: ReactPointerEvent) {
        const s = start.current;
        const wasPinch = pointers.current.size >= 2;
        pointers.current.delete(e.pointerId);
        if (s && !wasPinch && s.zoom.scale === 1 && zoom.scale === 1) {
          const dx = e.clientX - s.x;
          const dy = e.clientY - s.y;
          if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) onSwipe(dx < 0 ? 1 : -1);
        }
        // The finger left on the screen carries on from here.
        begin(zoom);
      },
      onPointerCancel(e: ReactPointerEvent) {
        pointers.current.delete(e.pointerId);
        begin(zoom);
      },
      onDoubleClick() {
        setZoom((z) => (z.scale > 1 ? NO_ZOOM : { scale: 2, x: 0, y: 0 }));
      },
    },
  };
}

export default function GalleryViewer({ images, index, onIndexChange, onClose }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const image = images[index];
  const previous = () => onIndexChange((index - 1 + count) % count);
  const next = () => onIndexChange((index + 1) % count);
  const { zoom, handlers } = useGestures((direction) => {
    if (count > 1) onIndexChange((index + direction + count) % count);
  }, index);

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
        <figure className="viewer-figure" {...handlers}>
          <img
            src={image.href}
            srcSet={srcSetOf(image.href)}
            sizes="100vw"
            alt={image.alt}
            draggable={false}
            style={
              zoom.scale > 1 ? { transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` } : undefined
            }
          />
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
