// The workspace lists say what a visitor actually gets of each article, channel and news item (visitorState), so
// an editor learns why published content is not seen: its channel is still pending, the news points at a draft.
import { describe, expect, it } from 'vitest';
import { asRole, createArticle, createChannel, createNewsItem } from './content-factories';
import { call } from './helpers';

type Row = { id: string; visitorState?: string };
const states = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.id, r.visitorState]));

describe('visitorState in the workspace', () => {
  it('articles: live, draft, waiting for their channel, in a private channel, hidden', async () => {
    const editor = await asRole('CLIENT');
    const userId = editor.user.id;
    const pending = await createChannel({ userId, published: false });
    const open = await createChannel({ userId, published: true });
    const closed = await createChannel({ userId, published: true, private: true });
    const live = await createArticle({ userId, channelId: open.id, published: true });
    const draft = await createArticle({ userId, channelId: open.id, published: false });
    const waiting = await createArticle({ userId, channelId: pending.id, published: true });
    const inPrivate = await createArticle({ userId, channelId: closed.id, published: true });
    const hidden = await createArticle({ userId, published: true, hidden: true });
    const items = (await editor.call('/workspace/articles?limit=100')).body.result.items as Row[];
    expect(states(items)).toEqual({
      [live.id]: 'live',
      [draft.id]: 'draft',
      [waiting.id]: 'waitingForChannel',
      [inPrivate.id]: 'privateChannel',
      [hidden.id]: 'hidden',
    });
    // What it says is what visitors get.
    expect((await call(`/articles/${live.id}`)).status).toBe(200);
    expect((await call(`/articles/${waiting.id}`)).status).toBe(404);
    const channels = (await editor.call('/workspace/channels?limit=100')).body.result.items as Row[];
    expect(states(channels)).toEqual({ [pending.id]: 'draft', [open.id]: 'live', [closed.id]: 'private' });
  });

  it('news: live, pointing at a draft (not in the feed), scheduled', async () => {
    const editor = await asRole('CLIENT');
    const userId = editor.user.id;
    const published = await createArticle({ userId, published: true });
    const draft = await createArticle({ userId, published: false });
    const live = await createNewsItem({ userId, refKind: 'article', refId: published.id });
    const atDraft = await createNewsItem({ userId, refKind: 'article', refId: draft.id });
    const later = await createNewsItem({
      userId,
      refKind: 'article',
      refId: published.id,
      publishedAt: Date.now() + 3_600_000,
    });
    const items = (await editor.call('/workspace/news?limit=100')).body.result.items as Row[];
    expect(states(items)).toEqual({ [live.id]: 'live', [atDraft.id]: 'targetNotPublic', [later.id]: 'scheduled' });
    const feed = JSON.stringify((await call('/news?limit=100')).body.result);
    expect(feed).toContain(live.id);
    expect(feed).not.toContain(atDraft.id);
  });
});

describe('the rejection reason in the workspace', () => {
  it('the latest publication request of a row carries ADMIN’s reason', async () => {
    const editor = await asRole('CLIENT');
    const admin = await asRole('ADMIN');
    const article = await createArticle({ userId: editor.user.id, published: false });
    const asked = await editor.call('/publications', {
      method: 'POST',
      body: { contentId: article.id, type: 'article' },
    });
    await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: asked.body.result.id, status: 'REJECTED', reason: 'Add a teaser, please' },
    });
    const rows = (await editor.call(`/workspace/articles?id=${article.id}`)).body.result.items;
    expect(rows).toMatchObject([
      { id: article.id, publication: { status: 'REJECTED', reason: 'Add a teaser, please' } },
    ]);
  });
});
