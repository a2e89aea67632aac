// The route table: every screen's route module (its folder's route.ts). The browser's router (web/app.tsx), the
// layout's menu item and crumbs (web/components/layout.tsx) and the worker's renderer (worker/pages/render.tsx) all
// read it. A new screen is a folder named after its URL with its route.ts and view: the list of modules is
// table.generated.ts, written from the folders by worker/scripts/route-table.ts (`npm run routes`; the build, `npm
// start` and `npm run dev` run it), since wrangler's esbuild, which bundles the worker, does not expand
// import.meta.glob (decision 048).
import type { ScreenRoute } from './+shared/route-kit';
import { ROUTE_MODULES } from './table.generated';

export const SCREENS: readonly ScreenRoute[] = ROUTE_MODULES;

/** Every screen with the screens inside its frame. */
export const ALL_SCREENS: readonly ScreenRoute[] = SCREENS.flatMap((s) => [s, ...(s.sections ?? [])]);

/** The URL patterns of the public screens (rendered by the worker): not guarded, not the catch-all. */
export const PUBLIC_PATTERNS: readonly string[] = ALL_SCREENS.filter((s) => !s.access).flatMap((s) =>
  Object.keys(s.paths).filter((p) => p !== '*'),
);
