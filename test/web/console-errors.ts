// Shared between test/web/setup.ts and the tests: an unexpected console.error fails the test.
import type { MockInstance } from 'vitest';

export const consoleErrors: { expected: boolean; spy?: MockInstance<typeof console.error> | undefined } = {
  expected: false,
};

/** The test expects console.error (React reporting a caught render error, say): allow it and keep the output quiet. */
export function expectConsoleError(): void {
  consoleErrors.expected = true;
  consoleErrors.spy?.mockImplementation(() => {});
}
