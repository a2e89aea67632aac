import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearQueries } from '#web/data/cache';
import { consoleErrors } from './console-errors';
import { dialled, UnreachableWebSocket } from './unreachable-websocket';

// No socket server runs beside the web tests: every WebSocket fails to connect, as a browser's does offline. Set
// rather than stubbed, so that the tests' vi.unstubAllGlobals() keeps it.
for (const scope of [globalThis, window])
  Object.defineProperty(scope, 'WebSocket', { value: UnreachableWebSocket, configurable: true, writable: true });

// An unexpected console.error fails the test (as in the worker tests); expectConsoleError() allows it.
beforeEach(() => {
  consoleErrors.expected = false;
  consoleErrors.spy = vi.spyOn(console, 'error');
});

afterEach(async () => {
  cleanup();
  // The data cache lives as long as the module, like a page: each test starts from nothing.
  await clearQueries();
  sessionStorage.clear();
  dialled.length = 0;
  localStorage.clear();
  const calls = consoleErrors.spy?.mock.calls ?? [];
  consoleErrors.spy?.mockRestore();
  consoleErrors.spy = undefined;
  if (calls.length > 0 && !consoleErrors.expected) {
    throw new Error(`Unexpected console.error: ${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`);
  }
});
