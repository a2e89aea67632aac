import type { D1Migration } from '@cloudflare/vitest-plugin';

// What the worker tests' `env` has beyond the generated bindings (worker/worker-configuration.d.ts).
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
