// Success and error toasts: shown for 5000 ms (NOTIFICATION_MS) in a live region screen readers announce.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export const NOTIFICATION_MS = 5000;

export interface Notification {
  kind: 'success' | 'error';
  message: string;
}
type Notify = (n: Notification) => void;
interface Toast extends Notification {
  id: number;
}

const NotifyContext = createContext<Notify | null>(null);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const notify = useCallback<Notify>(
    ({ kind, message }) => {
      const id = ++nextId.current;
      setToasts((list) => [...list, { id, kind, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), NOTIFICATION_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </NotifyContext.Provider>
  );
}

function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const intl = useIntl();
  // The region is always in the DOM, so additions to it are announced.
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions" role="status">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          <span className="visually-hidden">
            {intl.formatMessage({ id: t.kind === 'error' ? 'shell.notification.error' : 'shell.notification.success' })}
          </span>
          <span className="toast-message">{t.message}</span>
          <button
            type="button"
            className="toast-close"
            onClick={() => onDismiss(t.id)}
            aria-label={intl.formatMessage({ id: 'shell.notification.dismiss' })}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** `notify({kind, message})` shows a toast for 5000 ms. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a <NotificationsProvider> above it');
  return notify;
}
