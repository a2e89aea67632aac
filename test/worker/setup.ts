import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, vi } from 'vitest';
import { consoleErrors, isRequestLogLine, requestLog } from './helpers';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

const show = (value: unknown) =>
  typeof value === 'object' && value !== null && !(value instanceof Error) ? JSON.stringify(value) : String(value);

// An unexpected console.error fails the test; expectConsoleError() in helpers.ts allows it.
// The one log line per request (console.info) is kept for the test to read, not printed; other output still is.
beforeEach(() => {
  consoleErrors.expected = false;
  consoleErrors.spy = vi.spyOn(console, 'error');
  requestLog.lines = [];
  const info = console.info.bind(console);
  requestLog.spy = vi.spyOn(console, 'info').mockImplementation((...args: unknown[]) => {
    if (args.length === 1 && isRequestLogLine(args[0])) requestLog.lines.push(args[0]);
    else info(...args);
  });
});
afterEach(() => {
  requestLog.spy?.mockRestore();
  const calls = consoleErrors.spy?.mock.calls ?? [];
  consoleErrors.spy?.mockRestore();
  if (calls.length > 0 && !consoleErrors.expected) {
    throw new Error(`Unexpected console.error: ${calls.map((c: unknown[]) => c.map(show).join(' ')).join('\n')}`);
  }
});
