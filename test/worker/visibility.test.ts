// Every visibility rule against every role, through the routes (a table, like capability tests):
// 'open' = 200 and unlocked, 'locked' = 200 with the restricted parts withheld, 404 = as if it did not exist,
// 'listed'/'absent' = in or out of a list. The files of each entity follow it: its thumbnail or portrait is
// served to whoever sees the entity, its media or cover only to whoever may read the restricted parts.
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, channels } from '#schema/tables';
import type { CallResult } from './helpers';
import { as, BASE, db } from './helpers';
import { asRole, createArticle, createChannel, grantAccess } from './content-factories';

const WHO = ['anonymous', 'reader', 'granted', 'owner', 'otherClient', 'contributor', 'admin'] as const;
type Who = (typeof WHO)[number];
type Outcome = 'open' | 'locked' | 404 | 'listed' | 'absent';

let callers: Record<Who, (path: string) => Promise<CallResult>>;
let cookies: Record<Who, string | undefined>;
let ownerId: string;
let grantedId: string;

beforeAll(async () => {
  const sessions = {
    anonymous: await as('ANONYMOUS'),
    reader: await asRole('REGULAR_USER'),
    granted: await asRole('REGULAR_USER'),
    owner: await asRole('CLIENT'),
    otherClient: await asRole('CLIENT'),
    contributor: await asRole('CONTRIBUTOR'),
    admin: await asRole('ADMIN'),
  };
  ownerId = sessions.owner.user.id;
  grantedId = sessions.granted.user.id;
  callers = Object.fromEntries(WHO.map((w) => [w, (path: string) => sessions[w].call(path)])) as typeof callers;
  cookies = Object.fromEntries(WHO.map((w) => [w, sessions[w].cookie])) as typeof cookies;
});

/** Everyone gets `rest`, except the listed roles. */
const expect7 = (rest: Outcome, except: Partial<Record<Who, Outcome>> = {}): Record<Who, Outcome> =>
  Object.fromEntries(WHO.map((w) => [w, except[w] ?? rest])) as Record<Who, Outcome>;
const OWNERS_AND_GRANTED = { owner: 'open', admin: 'open', granted: 'open' } as const;

interface Scenario {
  rule: string;
  /** Builds the content (owned by `ownerId`, grants for `grantedId`) and says what to ask. */
  setup(): Promise<{ path: string; check: 'article' | 'channel' | { listContains: string } }>;
  expected: Record<Who, Outcome>;
}

// Each scenario's files are its own: a file shown by two scenarios' entities would be as visible as the more open one.
const newKey = () => `image/${crypto.randomUUID()}.png`;
const cover = () => ({ kind: 'image' as const, key: newKey() });
const media = () => ({ kind: 'gallery' as const, images: [{ key: newKey() }] });

const scenarios: Scenario[] = [
  {
    rule: 'unpublished article: only owner and ADMIN (a grant does not publish)',
    async setup() {
      const a = await createArticle({ userId: ownerId, published: false });
      await grantAccess(grantedId, a.id, 'article');
      return { path: `/articles/${a.id}`, check: 'article' };
    },
    expected: expect7(404, { owner: 'open', admin: 'open' }),
  },
  {
    rule: 'hidden article: reachable by id',
    async setup() {
      const a = await createArticle({ userId: ownerId, hidden: true });
      return { path: `/articles/${a.slug}`, check: 'article' };
    },
    expected: expect7('open'),
  },
  {
    rule: "hidden article: left out of its channel's list, for everyone",
    async setup() {
      const ch = await createChannel({ userId: ownerId });
      const a = await createArticle({ userId: ownerId, channelId: ch.id, hidden: true });
      return { path: `/channels/${ch.id}/articles`, check: { listContains: a.id } };
    },
    expected: expect7('absent'),
  },
  {
    rule: 'restricted article: listed for everyone',
    async setup() {
      const ch = await createChannel({ userId: ownerId });
      const a = await createArticle({ userId: ownerId, channelId: ch.id, restricted: true });
      return { path: `/channels/${ch.id}/articles`, check: { listContains: a.id } };
    },
    expected: expect7('listed'),
  },
  {
    rule: 'restricted article: description and media for owner, ADMIN and a grant on the article',
    async setup() {
      const a = await createArticle({ userId: ownerId, restricted: true, media: media() });
      await grantAccess(grantedId, a.id, 'article');
      return { path: `/articles/${a.id}`, check: 'article' };
    },
    expected: expect7('locked', OWNERS_AND_GRANTED),
  },
  {
    rule: 'restricted article: a grant on its channel covers it',
    async setup() {
      const ch = await createChannel({ userId: ownerId });
      const a = await createArticle({ userId: ownerId, channelId: ch.id, restricted: true, media: media() });
      await grantAccess(grantedId, ch.id, 'channel');
      return { path: `/articles/${a.id}`, check: 'article' };
    },
    expected: expect7('locked', OWNERS_AND_GRANTED),
  },
  {
    rule: 'private channel: only owner, ADMIN and a grant on the channel',
    async setup() {
      const ch = await createChannel({ userId: ownerId, private: true, coverMedia: cover() });
      await grantAccess(grantedId, ch.id, 'channel');
      return { path: `/channels/${ch.id}`, check: 'channel' };
    },
    expected: expect7(404, OWNERS_AND_GRANTED),
  },
  {
    rule: 'article in a private channel: as the channel',
    async setup() {
      const ch = await createChannel({ userId: ownerId, private: true });
      const a = await createArticle({ userId: ownerId, channelId: ch.id, media: media() });
      await grantAccess(grantedId, ch.id, 'channel');
      return { path: `/articles/${a.id}`, check: 'article' };
    },
    expected: expect7(404, OWNERS_AND_GRANTED),
  },
  {
    rule: 'private channel: left out of the channel list for those without access',
    async setup() {
      const ch = await createChannel({ userId: ownerId, private: true });
      await grantAccess(grantedId, ch.id, 'channel');
      return { path: '/channels', check: { listContains: ch.id } };
    },
    expected: expect7('absent', { owner: 'listed', admin: 'listed', granted: 'listed' }),
  },
  {
    rule: 'restricted channel: coverMedia for owner, ADMIN and a grant only',
    async setup() {
      const ch = await createChannel({ userId: ownerId, restricted: true, coverMedia: cover() });
      await grantAccess(grantedId, ch.id, 'channel');
      return { path: `/channels/${ch.slug}`, check: 'channel' };
    },
    expected: expect7('locked', OWNERS_AND_GRANTED),
  },
  {
    rule: 'article in a restricted channel: locked like a restricted article',
    async setup() {
      const ch = await createChannel({ userId: ownerId, restricted: true });
      const a = await createArticle({ userId: ownerId, channelId: ch.id, media: media() });
      await grantAccess(grantedId, ch.id, 'channel');
      return { path: `/articles/${a.id}`, check: 'article' };
    },
    expected: expect7('locked', OWNERS_AND_GRANTED),
  },
  {
    rule: 'unpublished channel: only owner and ADMIN',
    async setup() {
      const ch = await createChannel({ userId: ownerId, published: false, coverMedia: cover() });
      await grantAccess(grantedId, ch.id, 'channel');
      return { path: `/channels/${ch.id}`, check: 'channel' };
    },
    expected: expect7(404, { owner: 'open', admin: 'open' }),
  },
  {
    rule: 'published article in an unpublished channel: hidden with its channel',
    async setup() {
      const ch = await createChannel({ userId: ownerId, published: false });
      const a = await createArticle({ userId: ownerId, channelId: ch.id });
      return { path: `/articles/${a.id}`, check: 'article' };
    },
    expected: expect7(404, { owner: 'open', admin: 'open' }),
  },
  {
    rule: 'hidden channel: reachable by id',
    async setup() {
      const ch = await createChannel({ userId: ownerId, hidden: true, coverMedia: cover() });
      return { path: `/channels/${ch.id}`, check: 'channel' };
    },
    expected: expect7('open'),
  },
  {
    rule: 'hidden channel: left out of the channel list, for everyone',
    async setup() {
      const ch = await createChannel({ userId: ownerId, hidden: true });
      return { path: '/channels', check: { listContains: ch.id } };
    },
    expected: expect7('absent'),
  },
  {
    rule: "unpublished article: left out of its channel's list except for owner and ADMIN",
    async setup() {
      const ch = await createChannel({ userId: ownerId });
      const a = await createArticle({ userId: ownerId, channelId: ch.id, published: false });
      return { path: `/channels/${ch.id}/articles`, check: { listContains: a.id } };
    },
    expected: expect7('absent', { owner: 'listed', admin: 'listed' }),
  },
];

async function outcome(res: CallResult, check: Awaited<ReturnType<Scenario['setup']>>['check']): Promise<Outcome> {
  if (res.status === 404) return 404;
  expect(res.status).toBe(200);
  if (typeof check === 'object') {
    // Lists are arrays or pages ({items, nextCursor}); the scenarios stay within one page.
    const list: { id: string }[] = Array.isArray(res.body.result) ? res.body.result : res.body.result.items;
    return list.some((x) => x.id === check.listContains) ? 'listed' : 'absent';
  }
  const r = res.body.result;
  if (check === 'article') {
    // A lock withholds both parts together; an open article shows them.
    expect(r.locked).toBe(r.description === '');
    if (r.locked) expect(r.media).toBeNull();
    return r.locked ? 'locked' : 'open';
  }
  expect(r.locked).toBe(r.coverMedia === null);
  expect(r.infoText).not.toBe('');
  return r.locked ? 'locked' : 'open';
}

type FileOutcome = 200 | 404;

/**
 * Gives the scenario's article a thumbnail, or its channel a portrait (shown with the entity), stores it and
 * the restricted file the entity already names (media or cover), and returns both hrefs.
 */
async function entityFiles(
  check: 'article' | 'channel',
  path: string,
): Promise<{ shown: string; restricted: string | null }> {
  const entity = (await callers.admin(path)).body.result;
  const shown = newKey();
  let restricted: string | null;
  if (check === 'article') {
    await db().update(articles).set({ thumbnailKey: shown }).where(eq(articles.id, entity.id));
    restricted = entity.media?.images?.[0]?.href ?? null;
  } else {
    await db().update(channels).set({ portraitKey: shown }).where(eq(channels.id, entity.id));
    restricted = entity.coverMedia?.href ?? null;
  }
  const keyOf = (href: string) => href.replace(/^\/api\/files\//, '');
  for (const key of [shown, ...(restricted ? [keyOf(restricted)] : [])])
    await env.FILES.put(key, new Uint8Array([1, 2, 3]));
  return { shown: `/api/files/${shown}`, restricted };
}

async function fileOutcome(who: Who, href: string): Promise<FileOutcome> {
  const cookie = cookies[who];
  const res = await exports.default.fetch(new Request(BASE + href, { headers: cookie ? { Cookie: cookie } : {} }));
  await res.arrayBuffer();
  expect([200, 404]).toContain(res.status);
  return res.status as FileOutcome;
}

describe.each(scenarios)('$rule', (scenario) => {
  it('answers each role as the rule says, for the entity and its files', async () => {
    const { path, check } = await scenario.setup();
    const files = typeof check === 'string' ? await entityFiles(check, path) : null;
    const got: Partial<Record<Who, Outcome>> = {};
    const gotFiles: Partial<Record<Who, FileOutcome[]>> = {};
    for (const who of WHO) {
      got[who] = await outcome(await callers[who](path), check);
      if (files) {
        gotFiles[who] = [
          await fileOutcome(who, files.shown),
          ...(files.restricted ? [await fileOutcome(who, files.restricted)] : []),
        ];
      }
    }
    expect(got).toEqual(scenario.expected);
    if (files) {
      const expectedFiles = Object.fromEntries(
        WHO.map((w) => {
          const seen = scenario.expected[w] === 'open' || scenario.expected[w] === 'locked';
          return [w, [seen ? 200 : 404, ...(files.restricted ? [scenario.expected[w] === 'open' ? 200 : 404] : [])]];
        }),
      );
      expect(gotFiles).toEqual(expectedFiles);
    }
  });
});

describe('the article owner who does not own the channel', () => {
  it("still sees their own article in someone else's unpublished or private channel", async () => {
    const author = await asRole('CONTRIBUTOR');
    for (const flags of [{ published: false }, { private: true }]) {
      const ch = await createChannel(flags);
      const a = await createArticle({ userId: author.user.id, channelId: ch.id, published: false });
      expect((await author.call(`/articles/${a.id}`)).body.result.locked).toBe(false);
    }
  });

  it('a grant on the article opens it inside a private channel', async () => {
    const reader = await asRole('REGULAR_USER');
    const ch = await createChannel({ private: true });
    const a = await createArticle({ channelId: ch.id, userId: ch.userId });
    expect((await reader.call(`/articles/${a.id}`)).status).toBe(404);
    await grantAccess(reader.user.id, a.id, 'article');
    expect((await reader.call(`/articles/${a.id}`)).body.result.locked).toBe(false);
    expect((await reader.call(`/channels/${ch.id}`)).status).toBe(404);
  });
});
