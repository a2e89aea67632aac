import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, 'migrations'));
  return {
    root,
    test: {
      projects: [
        {
          // Worker tests run inside workerd on migrated D1, KV and R2, isolated per file.
          plugins: [
            cloudflareTest({
              wrangler: { configPath: path.join(root, 'wrangler.toml') },
              miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
            }),
          ],
          test: {
            name: 'worker',
            root,
            include: ['test/worker/**/*.test.ts'],
            setupFiles: ['test/worker/setup.ts'],
          },
        },
        {
          plugins: [react()],
          test: {
            name: 'web',
            root,
            include: ['test/web/**/*.test.{ts,tsx}'],
            environment: 'happy-dom',
            setupFiles: ['test/web/setup.ts'],
          },
        },
      ],
    },
  };
});
