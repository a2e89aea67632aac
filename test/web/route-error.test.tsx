// A view that fails (a chunk gone after a deploy, a render error) shows the error page in place of the
// layout; the next navigation leaves it.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleErrors, expectConsoleError } from './console-errors';
import { findHeading, renderApp } from './shell-kit';
import { fakeApi } from './fake-api';

vi.mock('#web/routes/about/index', () => ({
  default: () => {
    throw new Error('chunk missing');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a failing view', () => {
  it('shows "Something went wrong" with reload and home actions, and leaves it on the next navigation', async () => {
    fakeApi(() => undefined);
    // React reports the caught error on the console.
    expectConsoleError();
    const { router } = await renderApp('/about');

    await findHeading('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the front page' }).getAttribute('href')).toBe('/');
    expect(consoleErrors.spy).toHaveBeenCalled();

    await act(() => router.navigate('/imprint'));
    await findHeading(/imprint/i);
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
