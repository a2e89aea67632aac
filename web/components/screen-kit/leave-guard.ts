// Asks before leaving a form with unsaved changes: closing or reloading the tab (the browser's own prompt),
// following a link inside the app, and the browser's back and forward buttons. The declarative router has no
// blocker (useBlocker needs the data router, which decision 009 left out for the budget), so the link clicks
// and history moves are caught before the router sees them.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

type HistoryState = { idx?: number } | null;
const indexOf = (state: unknown) => (state as HistoryState)?.idx ?? 0;

/** While `dirty`, leaving the page asks `message` first (window.confirm: it must answer at once). */
export function useLeaveGuard(dirty: boolean, message: string): void {
  const live = useRef({ dirty, message });
  live.current = { dirty, message };
  // Where in the history the page is now: a refused back or forward move returns here.
  const index = useRef(0);
  const { key } = useLocation();
  useEffect(() => {
    index.current = indexOf(window.history.state);
  }, [key]);

  useEffect(() => {
    let restoring = false;

    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!live.current.dirty) return;
      e.preventDefault();
      // Older browsers need a returnValue to show their prompt.
      e.returnValue = '';
    };

    const onClick = (e: MouseEvent) => {
      if (
        !live.current.dirty ||
        e.defaultPrevented ||
        e.button !== 0 ||
        e.metaKey ||
        e.ctrlKey ||
        e.shiftKey ||
        e.altKey
      )
        return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      if (!window.confirm(live.current.message)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };

    // Runs before the router's own popstate listener (capture at the window), so a refused move never reaches it:
    // the history is put back where it was instead.
    const onPopState = (e: PopStateEvent) => {
      const target = indexOf(e.state);
      if (restoring) {
        restoring = false;
        e.stopImmediatePropagation();
        return;
      }
      if (live.current.dirty && !window.confirm(live.current.message)) {
        e.stopImmediatePropagation();
        restoring = true;
        window.history.go(index.current - target);
      }
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, []);
}
