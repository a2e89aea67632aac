// Asks before leaving a form with unsaved changes: closing or reloading the tab (the browser's own prompt, the only
// one a page may not replace), following a link inside the app, and the browser's back and forward buttons (the
// kit's confirm dialog). The declarative router has no blocker (useBlocker needs the data router, which decision
// 009 left out for the budget), so the link clicks and history moves are caught before the router sees them, held
// while the dialog asks, and made again when the answer is to leave.
import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useConfirm } from './confirm-dialog';
import { guardHistory } from './history-gate';

type HistoryState = { idx?: number } | null;
const indexOf = (state: unknown) => (state as HistoryState)?.idx ?? 0;

/** While `dirty`, leaving the page asks `message` first; render the returned dialog in the view. */
export function useLeaveGuard(dirty: boolean, message: string): ReactNode {
  const intl = useIntl();
  const navigate = useNavigate();
  const [confirm, dialog] = useConfirm();
  const leave = intl.formatMessage({ id: 'kit.leave' });
  const live = useRef({ dirty, message, confirm, navigate, leave });
  live.current = { dirty, message, confirm, navigate, leave };
  // Where in the history the page is now: a refused back or forward move returns here.
  const index = useRef(0);
  const { key } = useLocation();
  useEffect(() => {
    index.current = indexOf(window.history.state);
  }, [key]);

  useEffect(() => {
    let restoring = false;
    // The move the user confirmed: the router takes it.
    let passing = false;
    let asking = false;
    const ask = async () => {
      if (asking) return false;
      asking = true;
      const { confirm: ask, message: title, leave: confirmLabel } = live.current;
      const ok = await ask({ title, confirmLabel });
      asking = false;
      return ok;
    };

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
      e.preventDefault();
      e.stopPropagation();
      void ask().then((ok) => {
        if (ok) void live.current.navigate(url.pathname + url.search + url.hash);
      });
    };

    // Runs before the router's own popstate listener (through the gate added at start, history-gate.ts), so a
    // held move never reaches it: the history is put back where it was while the dialog asks.
    const onPopState = (e: PopStateEvent) => {
      const target = indexOf(e.state);
      if (restoring) {
        restoring = false;
        e.stopImmediatePropagation();
        return;
      }
      if (passing) {
        passing = false;
        return;
      }
      if (!live.current.dirty) return;
      // Put the history back where it was, then ask; leaving makes the same move again.
      e.stopImmediatePropagation();
      restoring = true;
      const delta = target - index.current;
      window.history.go(-delta);
      void ask().then((ok) => {
        if (!ok) return;
        passing = true;
        window.history.go(delta);
      });
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    const ungate = guardHistory(onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      ungate();
    };
  }, []);
  return dialog;
}
