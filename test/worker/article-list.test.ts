// GET /api/articles: the newest articles a caller may see, a keyset-paged list.
import { beforeAll, describe, expect, it } from 'vitest';
import { articlePage } from '#schema/entities';
import { listArticles } from '#worker/queries/articles';
import { asRole, createArticle, createChannel, grantAccess } from './content-factories';
import { call, createUser, db, sessionCookie } from './helpers';

// This file's storage holds only what it makes; times far ahead keep the order plain.
const t0 = Date.now() + 1e9;
let author: { id: string };
let visible: string[];
let draft: string;
let hidden: string;
let inPrivate: string;
let privateChannelId: string;

beforeAll(async () => {
  author = await createUser({ role: 'CLIENT' });
  visible = [];
  for (let i = 0; i < 5; i++)
    visible.push((await createArticle({ userId: author.id, title: `Visible ${i}`, createdAt: t0 + i * 1000 })).id);
  draft = (await createArticle({ userId: author.id, published: false, createdAt: t0 + 10_000 })).id;
  hidden = (await createArticle({ userId: author.id, hidden: true, createdAt: t0 + 11_000 })).id;
  const privateChannel = await createChannel({ userId: author.id, private: true });
  privateChannelId = privateChannel.id;
  inPrivate = (await createArticle({ userId: author.id, channelId: privateChannel.id, createdAt: t0 + 12_000 })).id;
});

const ids = (page: { items: { id: string }[] }) => page.items.map((a) => a.id);

describe('GET /articles', () => {
  it('lists published, unhidden articles newest first for a visitor, in the shared shape', async () => {
    const res = await call('/articles?limit=100');
    expect(res.status).toBe(200);
    const page = articlePage.parse(res.body.result);
    expect(ids(page)).toEqual([...visible].reverse());
    expect(page.nextCursor).toBeNull();
  });

  it('pages with the cursor without repeating or skipping', async () => {
    const first = (await call('/articles?limit=2')).body.result;
    expect(ids(first)).toEqual([visible[4], visible[3]]);
    const second = (await call(`/articles?limit=2&cursor=${first.nextCursor}`)).body.result;
    expect(ids(second)).toEqual([visible[2], visible[1]]);
    const third = (await call(`/articles?limit=2&cursor=${second.nextCursor}`)).body.result;
    expect(ids(third)).toEqual([visible[0]]);
    expect(third.nextCursor).toBeNull();
  });

  it('shows the owner their draft and the private channel article, never the hidden one', async () => {
    const page = (await call('/articles?limit=100', { cookie: await sessionCookie(author) })).body.result;
    expect(ids(page)).toEqual([inPrivate, draft, ...[...visible].reverse()]);
    expect(ids(page)).not.toContain(hidden);
  });

  it('shows a granted reader the private channel article, not the draft', async () => {
    const reader = await asRole('REGULAR_USER');
    const article = await listArticles(db(), reader.user, { limit: 100 });
    expect(ids(article)).not.toContain(inPrivate);
    await grantAccess(reader.user.id, privateChannelId, 'channel');
    const granted = (await reader.call('/articles?limit=100')).body.result;
    expect(ids(granted)).toContain(inPrivate);
    expect(ids(granted)).not.toContain(draft);
  });

  it('lists the articles of a hidden channel: a hidden channel hides only itself', async () => {
    const backstage = await createChannel({ userId: author.id, hidden: true });
    const inside = await createArticle({ userId: author.id, channelId: backstage.id, createdAt: t0 + 20_000 });
    const page = (await call('/articles?limit=1')).body.result;
    expect(ids(page)).toEqual([inside.id]);
  });

  it('refuses a malformed cursor and limits out of range with 400', async () => {
    expect((await call('/articles?cursor=nope')).body).toMatchObject({ code: 400, message: 'Invalid cursor' });
    expect((await call('/articles?limit=0')).status).toBe(400);
    expect((await call('/articles?limit=101')).status).toBe(400);
  });
});
