import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, vi } from 'vitest';
import { consoleErrors } from './helpers';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// An unexpected console.error fails the test; expectConsoleError() in helpers.ts allows it.
beforeEach(() => {
  consoleErrors.expected = false;
  consoleErrors.spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = consoleErrors.spy?.mock.calls ?? [];
  consoleErrors.spy?.mockRestore();
  if (calls.length > 0 && !consoleErrors.expected) {
    throw new Error(`Unexpected console.error: ${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`);
  }
});
