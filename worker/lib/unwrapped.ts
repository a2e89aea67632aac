// The real binding behind a counting one (middleware/bench-timing.ts wraps D1 and KV to count their calls under
// `npm run bench`), for the caches kept per binding (services/session-ticket.ts).

/** A counting proxy answers this with the binding it wraps. */
export const UNWRAPPED = Symbol('unwrapped binding');

/** The real binding behind a counting one; the binding itself otherwise. */
export function unwrapped<T extends object>(binding: T): T {
  return (binding as { [UNWRAPPED]?: T })[UNWRAPPED] ?? binding;
}
