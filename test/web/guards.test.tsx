// Guards as a table: every role against every guarded route (web/session/guards.tsx), through the real route map.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#schema/entities';
import { canAccess } from '#web/session/guards';
import { findHeading, renderApp, userOf } from './shell-kit';
import { fakeApi, type ApiAnswer, type ApiCall } from './fake-api';

afterEach(() => vi.unstubAllGlobals());

type Who = 'anonymous' | SessionUser['role'];
const WHO: Who[] = ['anonymous', 'REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'];
const ROUTES = {
  '/mySO': { heading: 'mySO', allowed: ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'] },
  '/myaccount': { heading: 'My account', allowed: ['CLIENT', 'CONTRIBUTOR', 'ADMIN'] },
  '/appManagement': { heading: 'App management', allowed: ['ADMIN'] },
} as const;

/** Answers what the guarded views load, for `user`. */
function api(user: SessionUser | null) {
  return (call: ApiCall): ApiAnswer | undefined => {
    if (call.path === '/users/auth-validate')
      return user ? { code: 200, result: user } : { code: 401, message: 'Unauthorized' };
    if (!user) return { code: 401, message: 'Unauthorized' };
    if (call.path === '/myso/vm')
      return { code: 200, result: { channels: [], articles: [], requests: [], access: [] } };
    if (call.path === `/users/${user.id}`) {
      return {
        code: 200,
        result: {
          id: user.id,
          name: user.name,
          email: null,
          firstName: '',
          lastName: '',
          role: user.role,
          active: true,
        },
      };
    }
    if (call.path.startsWith('/users?') || call.path === '/users')
      return { code: 200, result: { items: [], nextCursor: null } };
    if (call.path === '/admin/counts')
      return { code: 200, result: { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 } };
    return undefined;
  };
}

const cases = Object.entries(ROUTES).flatMap(([path, rule]) =>
  WHO.map((who) => ({ path, who, heading: rule.heading, allowed: (rule.allowed as readonly string[]).includes(who) })),
);

describe('guarded routes', () => {
  it.each(cases)('$who on $path → allowed: $allowed', async ({ path, who, heading, allowed }) => {
    const user = who === 'anonymous' ? null : userOf(who);
    fakeApi(api(user));
    const { router } = await renderApp(path, user);
    if (allowed) {
      await findHeading(heading);
      // The workspace opens on its first section.
      expect(router.state.location.pathname).toBe(path === '/appManagement' ? '/appManagement/users' : path);
    } else {
      await findHeading('No permission');
      expect(router.state.location.pathname).toBe('/no-permission');
    }
  });

  it('waits for the session check before deciding (cookie session, nothing stored)', async () => {
    const user = userOf('CLIENT');
    let answer: (value: ApiAnswer) => void = () => {};
    fakeApi((call) => {
      if (call.path === '/users/auth-validate') return new Promise<ApiAnswer>((resolve) => (answer = resolve));
      return api(user)(call);
    });
    const { router } = await renderApp('/myaccount');
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/myaccount');
    answer({ code: 200, result: user });
    await findHeading('My account');
    expect(router.state.location.pathname).toBe('/myaccount');
  });

  it('offers sign-in on /no-permission to a visitor, and remembers where they wanted to go', async () => {
    fakeApi(api(null));
    const { router } = await renderApp('/mySO');
    await findHeading('No permission');
    const signIn = screen.getAllByRole('link', { name: 'Sign in' });
    expect(signIn.length).toBeGreaterThan(0);
    expect((router.state.location.state as { from?: string } | null)?.from).toBe('/mySO');
  });

  it('/mysoherz leads to the personal area', async () => {
    const user = userOf('REGULAR_USER');
    fakeApi(api(user));
    const { router } = await renderApp('/mysoherz', user);
    await findHeading('mySO');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mySO'));
  });
});

describe('canAccess', () => {
  it('nobody signed out passes any guard', () => {
    for (const access of ['signedIn', 'editorOrAdmin', 'admin'] as const) expect(canAccess(access, null)).toBe(false);
  });
});
