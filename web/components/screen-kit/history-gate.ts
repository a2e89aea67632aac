// The browser's Back and Forward reach the page as popstate, whose listeners run in the order they were added: the
// router adds its own when it mounts, before any form exists, so a form's leave guard added later would only see a
// move the router has already made (measured in Chromium: the guard ran after the page had changed). This gate is
// added at start, before the router (web/main.tsx), and hands each move to the guards set now.
type Guard = (event: PopStateEvent) => void;

const guards = new Set<Guard>();

/** Adds `guard` to see every Back and Forward before the router; returns its removal. */
export function guardHistory(guard: Guard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

/** Called once, before the app (and its router) starts. */
export function installHistoryGate(): void {
  window.addEventListener(
    'popstate',
    (event) => {
      for (const guard of guards) guard(event);
    },
    true,
  );
}
