import type { D1Migration } from '@cloudflare/vitest-plugin';

// What the worker tests' `env` has beyond the generated bindings (worker/worker-configuration.d.ts), and the
// worker's entry for `exports` (generated without it: the worker's own project cannot see the entry, which renders
// the SPA's views, worker/index.ts with worker/pages/).
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import('#worker/index');
    }
  }
}
