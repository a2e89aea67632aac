// Imports from Ghost and from a ZIP of Markdown files (issue 30, decision 050), through POST /api/imports and the
// queue runner as the WordPress tests go: the kind detected from the content, posts, pages, tags, authors, pictures
// and statuses mapped, old links answering 301, the same file again creating nothing new. The WordPress file is also
// imported with its source file gone after the scan: the steps after it read only their chunk.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articles, blobs, categories, imports, users } from '#schema/tables';
import { makeMarkdownZip } from '../fixtures/markdown-zip';
import { makeWxr } from '../fixtures/wxr';
import { db } from './helpers';
import { pngBytes } from './upload-fixtures';
import { signInAdmin, pictureHost, startImport, settle, articlesOf, redirectOf } from './import-sources-kit';

afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(signInAdmin);

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
