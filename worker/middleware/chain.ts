// The API's own middleware as one layer (issue 31, decision 044): the same functions in the same order, run by a
// chain built once per isolate instead of one `use` registration each.
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * One middleware that runs `parts` in order, each around the next, and the app's next handler after the last. An
 * error thrown in a part is answered there by `onError`, as Hono's own dispatch does per layer, so the parts outside
 * it still finish (the log line, the security headers); a Response a part returns becomes the answer. Unlike Hono's
 * dispatch it leaves `c.req.routeIndex` alone: the whole chain is one layer of the router's match, so the log line's
 * route (middleware/request-log.ts) is found from there as before.
 *
 * Why one layer: every `use` is one more entry the router (Hono's TrieRouter, which the API's routes need) pushes,
 * sorts and hands to the dispatch on every request, and one more entry of `matchedRoutes` that the log line and the
 * request's kind (services/request-kind.ts) walk.
 */
export function chain(
  parts: readonly MiddlewareHandler<AppEnv>[],
  onError: ErrorHandler<AppEnv>,
): MiddlewareHandler<AppEnv> {
  const run = async (c: Context<AppEnv, string>, i: number, last: () => Promise<void>): Promise<void> => {
    const part = parts[i];
    if (!part) return last();
    let res: Response | void;
    let isError = false;
    try {
      res = await part(c, () => run(c, i + 1, last));
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      c.error = err;
      res = await onError(err, c);
      isError = true;
    }
    if (res && (!c.finalized || isError)) c.res = res;
  };
  return (c, next) => run(c, 0, next);
}
