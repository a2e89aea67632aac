// Two pages of the language walk (issue 29, decision 055) through the real fetch handler: /de/subscribe links the
// German feeds (in its text and its head), and a search page, kept out of the index, names no language versions.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChannel } from './content-factories';
import { BASE, createUser } from './helpers';

async function page(path: string) {
  const res = await exports.default.fetch(new Request(BASE + path, { redirect: 'manual' }));
  return { status: res.status, html: await res.text() };
}
/** The feed addresses a page links, in its text (`<a href>`) and in its head (`<link rel="alternate">`). */
const feedLinks = (html: string) => ({
  text: [...html.matchAll(/<a href="([^"]+)" type="application\/rss\+xml"/g)].map((m) => m[1]),
  head: [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="([^"]+)">/g)].map(
    (m) => m[1],
  ),
});

let channel: { id: string };
beforeAll(async () => {
  const owner = await createUser({ role: 'CLIENT' });
  channel = await createChannel({ userId: owner.id, name: 'Feed Harbour' });
});

describe('/subscribe in each language', { timeout: 30_000 }, () => {
  it('links the default feeds on /subscribe', async () => {
    const { status, html } = await page('/subscribe');
    expect(status).toBe(200);
    const links = feedLinks(html);
    for (const found of [links.text, links.head]) {
      expect(found).toContain('/feeds/news.xml');
      expect(found).toContain(`/feeds/chan/${channel.id}.xml`);
    }
  });

  it('links the German feeds on /de/subscribe, and only those', async () => {
    const { status, html } = await page('/de/subscribe');
    expect(status).toBe(200);
    const links = feedLinks(html);
    for (const found of [links.text, links.head]) {
      expect(found).toContain('/de/feeds/news.xml');
      expect(found).toContain(`/de/feeds/chan/${channel.id}.xml`);
      expect(found.filter((href) => !href!.startsWith('/de/feeds/'))).toEqual([]);
    }
    // The feeds it names answer.
    for (const href of links.text) {
      const feed = await exports.default.fetch(new Request(BASE + href));
      expect(feed.status, href).toBe(200);
      await feed.body?.cancel();
    }
  });

  it("gives a channel page's head its language's feed", async () => {
    const { html } = await page(`/de/chan/${channel.id}`);
    expect(feedLinks(html).head).toEqual([`/de/feeds/chan/${channel.id}.xml`]);
  });
});

describe('a search page', { timeout: 30_000 }, () => {
  it('is noindex and names no language versions, so the query is not repeated into alternates', async () => {
    for (const path of ['/search?q=harbour%20secret', '/de/search?q=harbour%20secret']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toMatch(/hreflang=/);
      expect(html).not.toContain('og:locale:alternate');
    }
  });

  it('leaves the alternates of an indexed page as they were', async () => {
    const { html } = await page('/de/subscribe');
    expect(html).toContain('<link rel="alternate" hreflang="en-US" href="http://localhost:8787/subscribe">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost:8787/subscribe">');
  });
});
