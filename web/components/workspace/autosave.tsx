// The form's draft kept in this browser (localStorage, per user and item) as the editor types, so a crash, a
// closed tab or a lost connection loses nothing: opening the form again offers the unsaved changes back.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import './no-lost-work.css';

const PREFIX = 'so-draft:';
const DELAY = 800;

export interface Stored<T> {
  values: T;
  savedAt: number;
}

function read<T>(key: string): Stored<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as Stored<T>) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `values` under `key` while `dirty` (debounced), forgets them on `clear()` (after a save). `pending` is a
 * stored draft found when the form opened, until the editor restores or discards it.
 */
export function useAutosave<T>(key: string | null, values: T, dirty: boolean) {
  const [pending, setPending] = useState<Stored<T> | null>(() => (key ? read<T>(key) : null));
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const offered = useRef(pending !== null);
  useEffect(() => {
    // While a found draft is on offer, typing must not overwrite it.
    if (!key || !dirty || offered.current) return;
    const timer = setTimeout(() => {
      const now = Date.now();
      try {
        localStorage.setItem(PREFIX + key, JSON.stringify({ values, savedAt: now } satisfies Stored<T>));
        setSavedAt(now);
      } catch {
        // Storage full or blocked: the form still works, only without the safety net.
      }
    }, DELAY);
    return () => clearTimeout(timer);
  }, [key, values, dirty]);
  return {
    pending,
    savedAt,
    /** The editor chose: the offer goes (restore puts the values into the form first). */
    settle() {
      offered.current = false;
      setPending(null);
    },
    clear() {
      if (key) localStorage.removeItem(PREFIX + key);
      setSavedAt(null);
    },
  };
}

export function RestoreOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const intl = useIntl();
  return (
    <section className="ws-restore-offer" aria-label={intl.formatMessage({ id: 'rt.restoreTitle' })}>
      <h2>
        <FormattedMessage id="rt.restoreTitle" />
      </h2>
      <p>
        <FormattedMessage
          id="rt.restoreText"
          values={{ time: intl.formatDate(savedAt, { dateStyle: 'medium', timeStyle: 'short' }) }}
        />
      </p>
      <p className="actions">
        <button type="button" className="button" onClick={onRestore}>
          <FormattedMessage id="rt.restore" />
        </button>
        <button type="button" className="button button-secondary" onClick={onDiscard}>
          <FormattedMessage id="rt.discard" />
        </button>
      </p>
    </section>
  );
}

/** Waits for the connection to come back (resolves at once when online). */
export function whenOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}
