// thumbnailHref falls back to the article's media, so a gallery or video article without a chosen thumbnail never
// shows an empty card: the first gallery picture, or the first video's poster frame; only where anyone may read.
import { describe, expect, it } from 'vitest';
import { createArticle, createChannel } from './content-factories';
import { call } from './helpers';

const href = (key: string) => `/api/files/${key}`;

describe('thumbnailHref', () => {
  it('falls back to the first gallery picture, in the article, the channel list and the search', async () => {
    const word = `thumbword${crypto.randomUUID().slice(0, 8)}`;
    const channel = await createChannel({ published: true });
    const gallery = await createArticle({
      channelId: channel.id,
      title: `Gallery ${word}`,
      teaser: 'Loaves from the stone oven',
      media: { kind: 'gallery', images: [{ key: 'thumb-first.png' }, { key: 'thumb-second.png' }] },
    });
    expect((await call(`/articles/${gallery.id}`)).body.result.thumbnailHref).toBe(href('thumb-first.png'));
    const listed = (await call(`/channels/${channel.id}/articles`)).body.result.items;
    expect(listed).toMatchObject([{ id: gallery.id, thumbnailHref: href('thumb-first.png') }]);
    const found = await call('/search/search', { method: 'POST', body: { searchText: word } });
    expect(found.body.result).toMatchObject([
      { value: gallery.id, thumbnailHref: href('thumb-first.png'), context: 'Loaves from the stone oven' },
    ]);
  });

  it('falls back to the first video poster frame; a chosen thumbnail wins; text articles have none', async () => {
    const channel = await createChannel({ published: true });
    const video = await createArticle({
      channelId: channel.id,
      media: {
        kind: 'video',
        videos: [
          { key: 'v-no-poster.mp4', thumbnailKey: null },
          { key: 'v-poster.mp4', thumbnailKey: 'v-poster-frame.jpg' },
        ],
      },
    });
    const chosen = await createArticle({
      channelId: channel.id,
      thumbnailKey: 'chosen.png',
      media: { kind: 'gallery', images: [{ key: 'not-this.png' }] },
    });
    const text = await createArticle({ channelId: channel.id });
    expect((await call(`/articles/${video.id}`)).body.result.thumbnailHref).toBe(href('v-poster-frame.jpg'));
    const listed = (await call(`/channels/${channel.id}/articles`)).body.result.items as {
      id: string;
      thumbnailHref: string | null;
    }[];
    const byId = Object.fromEntries(listed.map((a) => [a.id, a.thumbnailHref]));
    expect(byId).toEqual({
      [video.id]: href('v-poster-frame.jpg'),
      [chosen.id]: href('chosen.png'),
      [text.id]: null,
    });
  });

  it('offers no fallback of a restricted article, whose media visitors may not fetch', async () => {
    const channel = await createChannel({ published: true });
    const locked = await createArticle({
      channelId: channel.id,
      restricted: true,
      media: { kind: 'gallery', images: [{ key: 'secret.png' }] },
    });
    expect((await call(`/articles/${locked.id}`)).body.result.thumbnailHref).toBeNull();
    const listed = (await call(`/channels/${channel.id}/articles`)).body.result.items;
    expect(listed).toMatchObject([{ id: locked.id, thumbnailHref: null }]);
  });
});
