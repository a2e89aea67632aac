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
        {
          // The deploy path: the built project through `wrangler deploy --dry-run`, and the worker bundle's budget.
          test: {
            name: 'deploy',
            root,
            include: ['test/deploy/**/*.test.ts'],
            environment: 'node',
          },
        },
        {
          // Browser end to end: Chromium against `wrangler dev` on a freshly migrated and seeded local state
          // (test/e2e/global-setup.ts). One file at a time: they share the server and the machine is small.
          test: {
            name: 'e2e',
            root,
            include: ['test/e2e/**/*.e2e.ts'],
            environment: 'node',
            globalSetup: ['test/e2e/global-setup.ts'],
            fileParallelism: false,
            // As Playwright's own CI setting: a browser test that fails is run again (twice at most) under CI, where
            // the whole suite shares 2 cores with one wrangler dev; a real fault fails every time. Locally, never.
            retry: process.env.CI ? 2 : 0,
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
