// Issue 27 §1: text with the replacement patterns of String.prototype.replace (`$&`, `` $` ``, `$'`, `$1`, `$<x>`)
// renders as written on every page that shows it, and never copies parts of the page's template around it: no
// second root, head or document, and a page whose size grows with the text, not with its square.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { BASE } from './helpers';

const PATTERNS = "$` $' $& $1 $<x>";

async function page(path: string) {
  const res = await exports.default.fetch(new Request(BASE + path, { redirect: 'manual' }));
  return { status: res.status, html: await res.text() };
}

/** How React writes text into HTML. */
const asHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#x27;');

const count = (html: string, part: string) => html.split(part).length - 1;

/** The page is one document: one doctype, one head, one root, one page-data script. */
function expectOneDocument(html: string) {
  expect(count(html.toLowerCase(), '<!doctype html>')).toBe(1);
  expect(count(html, '</head>')).toBe(1);
  expect(count(html, '<div id="root">')).toBe(1);
  expect(count(html, 'id="page-data"')).toBe(1);
  expect(html).not.toContain('http-equiv');
}

const text = (label: string) => `${label} ${PATTERNS} end`;
let ids: Record<string, { id: string }> = {};

beforeAll(async () => {
  const category = await createCategory({ title: text('Category') });
  const channel = await createChannel({ name: text('Channel'), categoryIds: [category.id] });
  const article = await createArticle({
    channelId: channel.id,
    categoryIds: [category.id],
    title: text('Title'),
    teaser: text('Teaser'),
    description: text('Body'),
  });
  await createNewsItem({ refKind: 'article', refId: article.id, title: text('News') });
  ids = { category, channel, article };
});

describe('text with replacement patterns renders literally', () => {
  it('an article page: title, teaser and text', async () => {
    const { status, html } = await page(`/article/${ids.article!.id}`);
    expect(status).toBe(200);
    expectOneDocument(html);
    for (const label of ['Title', 'Teaser', 'Body']) expect(html).toContain(asHtml(text(label)));
  });

  it("a channel page: the channel's name", async () => {
    const { status, html } = await page(`/chan/${ids.channel!.id}`);
    expect(status).toBe(200);
    expectOneDocument(html);
    expect(html).toContain(asHtml(text('Channel')));
  });

  it("a category's title, in the crumbs of an article under it", async () => {
    const { status, html } = await page(`/category/${ids.category!.id}/a/${ids.article!.id}`);
    expect(status).toBe(200);
    expectOneDocument(html);
    // Case aside: the crumbs may show it in capitals.
    expect(html.toLowerCase()).toContain(asHtml(text('Category')).toLowerCase());
  });

  it("the home page: a news item's title", async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expectOneDocument(html);
    expect(html).toContain(asHtml(text('News')));
  });

  it('the search page: the search text', async () => {
    const { status, html } = await page(`/search?q=${encodeURIComponent(text('Search'))}`);
    expect(status).toBe(200);
    expectOneDocument(html);
    expect(html).toContain(asHtml(text('Search')));
  });
});

describe("a page's size grows with its text, linearly", () => {
  it('the search page: twice the copies of each pattern add about their length once more', async () => {
    for (const unit of ['$` ', "$' ", '$& ']) {
      const n = 30;
      const size = async (copies: number) =>
        (await page(`/search?q=${encodeURIComponent(unit.repeat(copies))}`)).html.length;
      const [once, twice] = [await size(n), await size(2 * n)];
      // The text is in the title, the head's tags, the search box, the heading, the page's data and the address of
      // each language's version (hreflang and the language switch, issue 29): a dozen times or so, never the page
      // again per copy (a `$` read as a pattern would repeat the template).
      expect(twice - once).toBeGreaterThan(0);
      expect(twice - once).toBeLessThanOrEqual(n * unit.length * 16);
    }
  });

  it('an article page: a longer title adds about its length a few times, not the page again per copy', async () => {
    const unit = '$` ';
    const sizes: number[] = [];
    for (const copies of [10, 20]) {
      const article = await createArticle({ title: unit.repeat(copies), teaser: unit.repeat(copies) });
      sizes.push((await page(`/article/${article.id}`)).html.length);
    }
    expect(sizes[1]! - sizes[0]!).toBeLessThanOrEqual(10 * unit.length * 2 * 20);
  });
});
