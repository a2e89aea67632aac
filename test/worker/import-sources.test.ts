// Imports from Ghost and from a ZIP of Markdown files (issue 30, decision 050), through POST /api/imports and the
// queue runner as the WordPress tests go: the kind detected from the content, posts, pages, tags, authors, pictures
// and statuses mapped, old links answering 301, the same file again creating nothing new. The WordPress file is also
// imported with its source file gone after the scan: the steps after it read only their chunk.
import { env, exports } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articles, blobs, categories, imports, publicationRequests, users } from '#schema/tables';
import { runImportStep } from '#worker/import/runner';
import { lexical, makeGhostExport, markdownMobiledoc, type GhostInput } from '../fixtures/ghost';
import { makeMarkdownZip } from '../fixtures/markdown-zip';
import { makeWxr } from '../fixtures/wxr';
import { as, BASE, createUser, db } from './helpers';
import { pngBytes } from './upload-fixtures';

const GHOST_SITE = 'https://gazette.example.com';

type Admin = Awaited<ReturnType<typeof as>>;
let admin: Admin;

/** The outside world's pictures: PNGs from the Ghost site and a picture host, 404 for the rest. */
function pictureHost() {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new Request(input).url;
    asked.push(url);
    if ((url.startsWith(GHOST_SITE) || url.startsWith('https://pictures.example.com')) && !url.includes('missing'))
      return new Response(pngBytes(5, 4), { status: 200 });
    return new Response('gone', { status: 404 });
  });
  return asked;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function startImport(file: File, parts: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', file);
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  return admin.call('/imports', { method: 'POST', body: form });
}

async function settle(id: string, afterFirstStep?: () => Promise<void>) {
  for (let i = 0; i < 500; i++) {
    const outcome = await runImportStep(env, id);
    if (i === 0) await afterFirstStep?.();
    if (outcome === 'done') break;
    if (outcome === 'busy') await new Promise((r) => setTimeout(r, 20));
  }
  const res = await admin.call(`/imports/${id}`);
  expect(res.status).toBe(200);
  return res.body.result;
}

async function articlesOf(detail: any): Promise<Map<string, any>> {
  const ids = detail.report.items.map((i: any) => i.articleId);
  const rows = await db().select().from(articles).where(inArray(articles.id, ids));
  return new Map(rows.map((r) => [r.title, r]));
}

const redirectOf = async (path: string) => {
  const res = await exports.default.fetch(new Request(BASE + path, { redirect: 'manual' }));
  return { status: res.status, location: res.headers.get('Location') };
};

beforeAll(async () => {
  admin = await as('ADMIN');
});

function ghostFile(): GhostInput {
  return {
    users: [
      { id: '1', slug: 'editor', name: 'Eda Tor', email: 'eda@gazette.example.com' },
      { id: '6560a1', slug: 'columnist', name: 'Col Umnist', email: `col-${crypto.randomUUID()}@gazette.example.com` },
    ],
    tags: [
      { id: 't1', slug: 'harbour', name: 'Harbour' },
      { id: 't2', slug: 'weather', name: 'Weather' },
      { id: 't3', slug: 'hash-import', name: '#import', visibility: 'internal' },
    ],
    posts: [
      {
        id: '6560b1',
        title: 'Storm over the harbour',
        slug: 'storm-over-the-harbour',
        html:
          '<h2>Night of the storm</h2><p>Waves with <strong>force</strong>, see <a href="__GHOST_URL__/calm-after/">the calm</a>.</p>' +
          '<figure class="kg-card kg-image-card kg-card-hascaption"><img src="__GHOST_URL__/content/images/2024/02/storm.png" class="kg-image" alt="The pier" loading="lazy"><figcaption>The pier at dawn</figcaption></figure>' +
          '<script>steal()</script><img src="__GHOST_URL__/content/images/missing.png" alt="Lost">',
        lexical: lexical({ text: 'ignored, the html wins' }),
        featureImage: '__GHOST_URL__/content/images/2024/02/cover.png',
        excerpt: 'A night to remember',
        tags: ['t1', 't2', 't3'],
        featured: true,
      },
      {
        id: '6560b2',
        title: 'Calm after',
        slug: 'calm-after',
        lexical: lexical({ heading: 'Quiet' }, { text: 'Still ', bold: 'water' }),
        tags: ['t1'],
        authors: ['6560a1'],
      },
      {
        id: '6560b3',
        title: 'Old mobiledoc post',
        slug: 'old-post',
        mobiledoc: markdownMobiledoc('- one\n- two\n\nA *classic*.'),
        version: undefined,
      },
      {
        id: '6560b4',
        title: 'Unfinished',
        slug: 'unfinished',
        html: '<p>Draft text</p>',
        status: 'draft',
        publishedAt: null,
      },
      {
        id: '6560b5',
        title: 'Tomorrow',
        slug: 'tomorrow',
        html: '<p>Later</p>',
        status: 'scheduled',
        publishedAt: '2099-03-01T07:00:00.000Z',
      },
      { id: '6560b6', title: 'Members only', slug: 'members-only', html: '<p>Paid words</p>', visibility: 'members' },
      { id: '6560b7', title: 'Newsletter issue', slug: 'newsletter-issue', html: '<p>Mailed</p>', status: 'sent' },
      { id: '6560b8', title: 'About the gazette', slug: 'the-gazette', html: '<p>Since 1902.</p>', type: 'page' },
    ] as GhostInput['posts'],
  };
}

describe('a Ghost export', () => {
  let detail: any;
  let byTitle: Map<string, any>;
  let editor: { id: string };

  beforeAll(async () => {
    editor = await createUser({ role: 'CONTRIBUTOR' });
    pictureHost();
    const file = new File([makeGhostExport(ghostFile())], 'gazette.ghost.2024-02-01.json', {
      type: 'application/json',
    });
    const res = await startImport(file, { site: `${GHOST_SITE}/`, authors: JSON.stringify({ editor: editor.id }) });
    expect(res.status).toBe(202);
    detail = await settle(res.body.result.id);
    byTitle = await articlesOf(detail);
  });

  it('is detected from its content and ends done with counts per kind', () => {
    expect(detail).toMatchObject({ state: 'done', sourceKind: 'ghost', error: null });
    expect(detail.counts.articles).toEqual({ created: 7, updated: 0, skipped: 0, failed: 0 });
    expect(detail.counts.pages).toEqual({ created: 1, updated: 0, skipped: 0, failed: 0 });
    expect(detail.report.detected).toMatchObject({ posts: 7, pages: 1, authors: 2, categories: 2, tags: 1 });
    expect(detail.progress).toEqual({ total: 8, done: 8 });
  });

  it('reads the html (Lexical and mobiledoc without it), hostile parts gone, pictures from the site stored', async () => {
    const storm = byTitle.get('Storm over the harbour');
    const json = JSON.stringify(storm.body);
    expect(json).not.toMatch(/script|steal|ignored/);
    expect(storm.body.children[0]).toEqual({
      type: 'heading',
      level: 2,
      children: [{ type: 'text', text: 'Night of the storm' }],
    });
    expect(storm.body.children[1].children).toContainEqual({ type: 'text', text: 'force', bold: true });
    expect(storm.body.children.find((b: any) => b.type === 'image')).toMatchObject({
      alt: 'The pier',
      caption: 'The pier at dawn',
    });
    expect(storm.thumbnailKey).toMatch(/^image\/.+\.png$/);
    expect(storm.teaser).toBe('A night to remember');
    expect(detail.report.missingMedia).toEqual([
      {
        url: `${GHOST_SITE}/content/images/missing.png`,
        articleId: storm.id,
        title: storm.title,
        reason: 'Answered HTTP 404',
      },
    ]);
    const calm = byTitle.get('Calm after').body.children;
    expect(calm[0]).toMatchObject({ type: 'heading', children: [{ text: 'Quiet' }] });
    expect(calm[1].children).toEqual([
      { type: 'text', text: 'Still ' },
      { type: 'text', text: 'water', bold: true },
    ]);
    const old = byTitle.get('Old mobiledoc post').body.children;
    expect(old[0]).toMatchObject({ type: 'list', ordered: false });
    expect(old[1].children).toContainEqual({ type: 'text', text: 'classic', italic: true });
  });

  it('points links between the posts at their new pages', () => {
    const link = byTitle.get('Storm over the harbour').body.children[1].children.find((n: any) => n.type === 'link');
    expect(link.href).toBe(`http://localhost:8787/article/${byTitle.get('Calm after').id}`);
  });

  it('keeps statuses: published, draft, scheduled, members-only restricted, a newsletter published and noted', async () => {
    expect(byTitle.get('Storm over the harbour').published).toBe(true);
    expect(byTitle.get('Unfinished').published).toBe(false);
    expect(byTitle.get('Members only')).toMatchObject({ published: true, restricted: true });
    expect(byTitle.get('Newsletter issue').published).toBe(true);
    const [scheduled] = await db()
      .select()
      .from(publicationRequests)
      .where(eq(publicationRequests.contentId, byTitle.get('Tomorrow').id));
    expect(scheduled).toMatchObject({ status: 'APPROVED', publishAt: Date.parse('2099-03-01T07:00:00.000Z') });
    const notes = detail.report.notes.map((n: any) => `${n.title}: ${n.note}`);
    expect(notes).toContain('Newsletter issue: sent as a newsletter only: imported as published');
    expect(notes).toContain('Storm over the harbour: featured post: not marked in the portal');
  });

  it('files posts under their tags as categories, internal tags under "Tags", pages under "Pages"', async () => {
    const all = await db().select().from(categories);
    const named = (title: string) => all.find((c) => c.title === title)!;
    expect(named('Harbour').parentId).toBeNull();
    expect(named('#import').parentId).toBe(named('Tags').id);
    const read = async (title: string) =>
      (
        (await (
          await exports.default.fetch(new Request(`${BASE}/api/articles/${byTitle.get(title).id}`))
        ).json()) as any
      ).result;
    expect((await read('Storm over the harbour')).categoryIds).toEqual([
      named('Harbour').id,
      named('Weather').id,
      named('#import').id,
    ]);
    expect((await read('About the gazette')).categoryIds).toEqual([named('Pages').id]);
  });

  it('maps authors: the chosen user, else a new inactive one without a password', async () => {
    expect(byTitle.get('Storm over the harbour').userId).toBe(editor.id);
    const columnist = await db()
      .select()
      .from(users)
      .where(eq(users.id, byTitle.get('Calm after').userId))
      .get();
    expect(columnist).toMatchObject({ name: 'columnist', active: false, passwordHash: '!', firstName: 'Col' });
  });

  it("answers Ghost's old /{slug}/ addresses with 301", async () => {
    expect(await redirectOf('/storm-over-the-harbour/')).toEqual({
      status: 301,
      location: `/article/${byTitle.get('Storm over the harbour').id}`,
    });
    expect((await redirectOf('/the-gazette/')).location).toBe(`/article/${byTitle.get('About the gazette').id}`);
  });

  it(
    'imports the same file again without creating anything new or fetching a stored picture',
    { timeout: 60_000 },
    async () => {
      const before = (await db().select({ id: articles.id }).from(articles)).length;
      const asked = pictureHost();
      const file = new File([makeGhostExport(ghostFile())], 'again.json', { type: 'application/json' });
      const res = await startImport(file, { site: GHOST_SITE, authors: JSON.stringify({ editor: editor.id }) });
      const again = await settle(res.body.result.id);
      expect(again.counts.articles).toEqual({ created: 0, updated: 7, skipped: 0, failed: 0 });
      expect((await db().select({ id: articles.id }).from(articles)).length).toBe(before);
      expect(asked.every((u) => u.includes('missing'))).toBe(true);
    },
  );

  it('fails malformed JSON with its reason, and refuses a bad site part', { timeout: 60_000 }, async () => {
    const before = (await db().select({ id: articles.id }).from(articles)).length;
    const broken = makeGhostExport(ghostFile()).slice(0, 2000);
    const res = await startImport(new File([broken], 'cut.json'));
    expect(res.status).toBe(202);
    const failed = await settle(res.body.result.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/^Malformed JSON/);
    expect((await db().select({ id: articles.id }).from(articles)).length).toBe(before);
    const bad = await startImport(new File([makeGhostExport(ghostFile())], 'g.json'), { site: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    const other = await startImport(new File(['{"hello": "world"}'], 'other.json'));
    expect(other.status).toBe(415);
  });
});

const FIRST = `---
title: "First light: the harbour"
date: 2024-03-01 08:30:00 +0000
tags: [Harbour, Boats]
categories:
  - News
author: Mara Quay
cover: ../images/cover.png
aliases: [/2024/03/first-light/]
---
Morning over the **water**, with a [link](https://example.org/tide).

![The pier](../images/pier.png "The pier at six")

\`\`\`js
const tide = 'high';
\`\`\`

![Gone](../images/nowhere.png) and ![Web](https://pictures.example.com/web.png)

<script>alert(1)</script>
`;

const SECOND = `---
title: Second thoughts
draft: true
tags: Harbour, Night
---
# Ignored heading? No: the title is set

Plain text.
`;

const ABOUT = `---
layout: page
slug: about-us
---
# About the quay

We keep boats.
`;

function markdownZip() {
  return new File(
    [
      makeMarkdownZip({
        'posts/2024-03-01-first-light.md': FIRST,
        'posts/second.markdown': SECOND,
        'pages/about.md': ABOUT,
        'images/cover.png': pngBytes(6, 3),
        'images/pier.png': pngBytes(7, 3),
        'README.txt': 'not a post',
      }),
    ],
    'blog.zip',
    { type: 'application/zip' },
  );
}

describe('a ZIP of Markdown files', () => {
  let detail: any;
  let byTitle: Map<string, any>;
  let asked: string[];

  beforeAll(async () => {
    asked = pictureHost();
    const res = await startImport(markdownZip());
    expect(res.status).toBe(202);
    detail = await settle(res.body.result.id);
    byTitle = await articlesOf(detail);
  });

  it('is detected as Markdown and reads the front matter: title, slug, date, tags, categories, draft, author', async () => {
    expect(detail).toMatchObject({ state: 'done', sourceKind: 'markdown', error: null });
    expect(detail.counts.articles).toEqual({ created: 2, updated: 0, skipped: 0, failed: 0 });
    expect(detail.counts.pages).toEqual({ created: 1, updated: 0, skipped: 0, failed: 0 });
    expect(detail.report.detected).toMatchObject({ files: 3, posts: 2, pages: 1, categories: 1, tags: 3, authors: 1 });
    const first = byTitle.get('First light: the harbour');
    expect(first).toMatchObject({ published: true, createdAt: Date.parse('2024-03-01T08:30:00Z') });
    expect(first.slug).toBe('first-light');
    expect(byTitle.get('Second thoughts').published).toBe(false);
    expect(byTitle.get('About the quay').slug).toBe('about-us');
    const author = await db().select().from(users).where(eq(users.id, first.userId)).get();
    expect(author).toMatchObject({ name: 'Mara Quay', active: false });
    const all = await db().select().from(categories);
    const named = (title: string) => all.find((c) => c.title === title)!;
    expect(named('News').parentId).toBeNull();
    // One "Tags" for every import, whatever its source (the Ghost import above made it).
    expect(all.filter((c) => c.title === 'Tags')).toHaveLength(1);
    expect(named('Boats').parentId).toBe(named('Tags').id);
  });

  it('converts the Markdown: marks, links, code as code-marked text, HTML as text', () => {
    const blocks = byTitle.get('First light: the harbour').body.children;
    expect(blocks[0].children).toEqual([
      { type: 'text', text: 'Morning over the ' },
      { type: 'text', text: 'water', bold: true },
      { type: 'text', text: ', with a ' },
      { type: 'link', href: 'https://example.org/tide', children: [{ type: 'text', text: 'link' }] },
      { type: 'text', text: '.' },
    ]);
    expect(JSON.stringify(blocks)).toContain(`{"type":"text","text":"const tide = 'high';","code":true}`);
    const second = byTitle.get('Second thoughts').body.children;
    expect(second[0]).toMatchObject({ type: 'heading', children: [{ text: 'Ignored heading? No: the title is set' }] });
    const notes = detail.report.notes.map((n: any) => n.note);
    expect(notes).toEqual(
      expect.arrayContaining(['code block kept as code-marked text', 'HTML in the Markdown kept as text']),
    );
  });

  it('stores the pictures from the archive itself, fetches web ones, lists the missing', async () => {
    const first = byTitle.get('First light: the harbour');
    const image = first.body.children.find((b: any) => b.type === 'image');
    expect(image).toMatchObject({ alt: 'The pier', caption: 'The pier at six' });
    const thumb = await db().select().from(blobs).where(eq(blobs.key, first.thumbnailKey)).get();
    expect(thumb).toMatchObject({ width: 6, height: 3 });
    expect(asked).toEqual(['https://pictures.example.com/web.png']);
    expect(detail.report.missingMedia).toMatchObject([
      { url: expect.stringMatching(/^https:\/\/archive\.invalid\/images\/nowhere\.png/), reason: 'Not in the archive' },
    ]);
  });

  it('answers the old addresses from the front matter and the slug with 301', async () => {
    const id = byTitle.get('First light: the harbour').id;
    expect(await redirectOf('/2024/03/first-light/')).toEqual({ status: 301, location: `/article/${id}` });
    expect((await redirectOf('/first-light/')).location).toBe(`/article/${id}`);
  });

  it(
    'imports the same archive again without creating articles or storing its pictures twice',
    { timeout: 60_000 },
    async () => {
      const before = (await db().select({ id: articles.id }).from(articles)).length;
      const blobsBefore = (await db().select({ key: blobs.key }).from(blobs)).length;
      pictureHost();
      const res = await startImport(markdownZip());
      const again = await settle(res.body.result.id);
      expect(again.counts.articles).toEqual({ created: 0, updated: 2, skipped: 0, failed: 0 });
      expect((await db().select({ id: articles.id }).from(articles)).length).toBe(before);
      expect((await db().select({ key: blobs.key }).from(blobs)).length).toBe(blobsBefore);
    },
  );

  it('fails an archive with no Markdown file', { timeout: 60_000 }, async () => {
    const res = await startImport(new File([makeMarkdownZip({ 'a.txt': 'hello' })], 'none.zip'));
    const failed = await settle(res.body.result.id);
    expect(failed).toMatchObject({ state: 'failed', error: 'The ZIP holds no Markdown (.md) files' });
  });
});

describe('the steps after the scan', () => {
  it(
    'read only their chunk: a WordPress import ends with its file gone after the scan',
    { timeout: 60_000 },
    async () => {
      const posts = Array.from({ length: 30 }, (_, i) => ({
        id: i + 1,
        title: `Chunked ${i + 1}`,
        slug: `chunked-${i + 1}`,
        content: `<p>Post ${i + 1}</p>`,
      }));
      const xml = makeWxr({ site: 'https://chunks.example.com', authors: [], categories: [], tags: [], posts });
      const res = await startImport(new File([xml], 'big.xml', { type: 'text/xml' }));
      const id = res.body.result.id;
      const row = await db().select().from(imports).where(eq(imports.id, id)).get();
      const detail = await settle(id, () => env.FILES.delete(row!.fileKey));
      expect(detail.state).toBe('done');
      expect(detail.counts.articles.created).toBe(30);
    },
  );
});
