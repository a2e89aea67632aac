import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Env as WorkerEnv } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import('../../worker/index');
    }
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
