// Shared stubs and helpers of the lost-work form tests (no-lost-work-*.test.tsx).
import type { Channel } from '#schema/entities';
import type { WorkspaceChannel } from '#schema/workspace';
import { channelSummary } from './content-fixtures';
import { fakeApi, type ApiAnswer, type ApiCall } from './fake-api';
import { userOf, uuid } from './shell-kit';

export const NOW = '2026-03-01T10:00:00.000Z';
export const editor = userOf('CLIENT');
export const page = <T,>(items: T[]) => ({ items, nextCursor: null });
export const puts = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'PUT' && c.path === path);

/** What every workspace form loads besides its own item. */
export function common(c: ApiCall) {
  if (c.path === '/categories') return { code: 200, result: [] };
  if (c.path.startsWith('/revisions') || c.path.startsWith('/previews')) return { code: 200, result: [] };
  if (c.path.startsWith('/workspace/')) return { code: 200, result: page([]) };
  return undefined;
}

export const channelOf = (over: Partial<Channel> = {}): Channel => ({
  ...channelSummary(uuid(), editor.id),
  published: false,
  articleOrdinals: {},
  version: 3,
  ...over,
});
export const channelRow = (c: Channel, version: number): WorkspaceChannel => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  userId: c.userId,
  userName: editor.name,
  portraitHref: null,
  published: c.published,
  hidden: c.hidden,
  private: c.private,
  restricted: c.restricted,
  isAd: c.isAd,
  createdAt: NOW,
  updatedAt: NOW,
  version,
  publication: null,
});

/**
 * A channel stored as its version (3) on the server; unless `theirs` is null, someone else saves it as `theirs`
 * (version 4) just before the form's first save arrives. `row` answers the channel's workspace row (default: the
 * row of the channel as stored now).
 */
export function channelServer(stored: Channel, theirs: Channel | null, row?: () => Promise<ApiAnswer>) {
  let current = stored;
  let pending = theirs;
  const api = fakeApi((c) => {
    if (c.path === `/channels/${stored.id}` && c.method === 'GET') return { code: 200, result: current };
    if (c.path.startsWith('/workspace/channels?'))
      return row ? row() : { code: 200, result: page([channelRow(current, current.version)]) };
    if (c.path === `/channels/${stored.id}` && c.method === 'PUT') {
      if (pending) current = pending;
      pending = null;
      const body = c.body as { version?: number };
      // The server's contract: a save naming no version is not checked (API clients); the form always names one.
      if (body.version !== undefined && body.version !== current.version)
        return { code: 409, message: 'The channel was changed by someone else' };
      current = { ...current, ...(c.body as object), version: current.version + 1 };
      return { code: 200, result: current };
    }
    return common(c);
  });
  return api;
}
