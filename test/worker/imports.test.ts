// Imports (issue 30, decisions 046 and 047): a WordPress export the test makes, imported through POST /api/imports and
// the queue runner, mapped to articles, categories and users; the same file again creates nothing new; old links
// answer 301; hostile input is refused. Pictures come from a stand-in for the outside world (a fetch spy).
import { env, exports } from 'cloudflare:workers';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleMedia, articles, auditLog, categories, imports, publicationRequests, users } from '#schema/tables';
import { makeWxr, type WxrInput } from '../fixtures/wxr';
import { as, BASE, createUser, db } from './helpers';
import { pictureHost, settleImport } from './import-fixtures';

const SITE = 'https://harbour.example.com';
const MEDIA = 'https://media.example.com';

type Admin = Awaited<ReturnType<typeof as>>;
let admin: Admin;

afterEach(() => {
  vi.restoreAllMocks();
});

async function startImport(caller: Admin, file: Blob | string, authors?: Record<string, string>) {
  const form = new FormData();
  form.append('file', typeof file === 'string' ? new File([file], 'export.xml', { type: 'text/xml' }) : file);
  if (authors) form.append('authors', JSON.stringify(authors));
  return caller.call('/imports', { method: 'POST', body: form });
}

const CLASSIC = `First paragraph with <strong>bold</strong> and a <a href="${SITE}/2024/03/block-post/">link to the other post</a>.

Second line one
second line two

[caption id="attachment_9" align="alignnone" width="300"]<img src="${MEDIA}/a.png" alt="Harbour at dawn" width="300" /> The harbour at dawn[/caption]

<script>alert('x')</script><p onclick="steal()">Clicked <a href="javascript:alert(1)">here</a></p>
<iframe src="https://video.example.com/embed/1"></iframe>
<img src="${MEDIA}/missing.png" alt="Lost picture" />`;

const BLOCKS = `<!-- wp:heading {"level":3} -->
<h3>A block heading</h3>
<!-- /wp:heading -->
<!-- wp:paragraph -->
<p>Block <em>paragraph</em>.</p>
<!-- /wp:paragraph -->
<!-- wp:list -->
<ul><li>One<ul><li>One point one</li></ul></li><li>Two</li></ul>
<!-- /wp:list -->
<!-- wp:quote -->
<blockquote class="wp-block-quote"><p>Quoted words</p><cite>Someone</cite></blockquote>
<!-- /wp:quote -->
<!-- wp:separator --><hr class="wp-block-separator"/><!-- /wp:separator -->
<!-- wp:code --><pre class="wp-block-code"><code>const a = 1;
const b = 2;</code></pre><!-- /wp:code -->
<!-- wp:table --><figure class="wp-block-table"><table><tbody><tr><td>Port</td><td>Ships</td></tr></tbody></table></figure><!-- /wp:table -->
<!-- wp:columns --><div class="wp-block-columns"><div class="wp-block-column"><p>Left column</p></div><div class="wp-block-column"><p>Right column</p></div></div><!-- /wp:columns -->
<!-- wp:gallery --><figure class="wp-block-gallery"><figure class="wp-block-image"><img src="${MEDIA}/b.png" alt="B"/></figure><figure class="wp-block-image"><img src="${MEDIA}/c.png" alt="C"/></figure></figure><!-- /wp:gallery -->
<!-- wp:embed {"url":"https://www.youtube.com/watch?v=xyz"} --><figure class="wp-block-embed"><div class="wp-block-embed__wrapper">
https://www.youtube.com/watch?v=xyz
</div></figure><!-- /wp:embed -->
<!-- wp:video --><figure class="wp-block-video"><video controls src="${MEDIA}/clip.mp4"></video></figure><!-- /wp:video -->`;

function exportFile(): WxrInput {
  return {
    site: SITE,
    authors: [
      { login: 'alice', email: 'alice@harbour.example.com', name: 'Alice' },
      { login: 'bob', email: `bob-${crypto.randomUUID()}@harbour.example.com`, name: 'Bob' },
    ],
    categories: [
      { slug: 'local', name: 'Local', parent: 'news' },
      { slug: 'news', name: 'News' },
      { slug: 'sport', name: 'Sport' },
    ],
    tags: [
      { slug: 'harbour', name: 'Harbour' },
      { slug: 'night', name: 'Night' },
    ],
    posts: [
      {
        id: 9,
        title: 'Featured',
        slug: 'featured',
        content: '',
        type: 'attachment',
        attachmentUrl: `${MEDIA}/featured.png`,
      },
      {
        id: 1,
        title: 'Classic post',
        slug: 'classic-post',
        content: CLASSIC,
        excerpt: '<p>The <b>classic</b> one</p>',
        categories: ['local'],
        tags: ['harbour', 'night'],
        thumbnailId: 9,
        comments: 2,
        sticky: true,
      },
      { id: 2, title: 'Block post', slug: 'block-post', content: BLOCKS, categories: ['sport'], creator: 'bob' },
      { id: 3, title: 'Draft post', slug: 'draft-post', content: 'Not yet', status: 'draft' },
      { id: 4, title: 'Pending post', slug: 'pending-post', content: 'Waiting', status: 'pending' },
      {
        id: 5,
        title: 'Future post',
        slug: 'future-post',
        content: 'Later',
        status: 'future',
        date: '2099-01-01 08:00:00',
      },
      { id: 6, title: 'Private post', slug: 'private-post', content: 'Members', status: 'private' },
      { id: 7, title: 'Locked post', slug: 'locked-post', content: 'Secret', password: 'hunter2' },
      { id: 8, title: 'Binned post', slug: 'binned-post', content: 'Gone', status: 'trash' },
      {
        id: 10,
        title: 'About us',
        slug: 'about',
        content: '<p>We are a harbour.</p>',
        type: 'page',
        link: `${SITE}/our-story/`,
      },
      { id: 11, title: 'Menu', slug: 'menu', content: '', type: 'nav_menu_item' },
    ],
  };
}

describe('a WordPress export', () => {
  let detail: any;
  let alice: { id: string };
  const byTitle = new Map<string, any>();

  beforeAll(async () => {
    admin = await as('ADMIN');
    alice = await createUser({ role: 'CONTRIBUTOR' });
    const asked = pictureHost((url) => url.startsWith(MEDIA) && !url.includes('missing'));
    const res = await startImport(admin, makeWxr(exportFile()), { alice: alice.id });
    expect(res.status).toBe(202);
    detail = await settleImport(admin, res.body.result.id);
    expect(asked.some((u) => u.endsWith('/a.png'))).toBe(true);
    for (const item of detail.report.items) {
      const row = await db().select().from(articles).where(eq(articles.id, item.articleId)).get();
      byTitle.set(item.title, row);
    }
  });

  it('ends done with counts per kind and what the file held', () => {
    expect(detail.state).toBe('done');
    expect(detail.error).toBeNull();
    expect(detail.counts.articles).toEqual({ created: 7, updated: 0, skipped: 1, failed: 0 });
    expect(detail.counts.pages).toEqual({ created: 1, updated: 0, skipped: 0, failed: 0 });
    expect(detail.counts.tags.created).toBe(2);
    expect(detail.report.detected).toMatchObject({ posts: 8, pages: 1, attachments: 1, comments: 2, other: 1 });
    expect(detail.progress).toEqual({ total: 9, done: 9 });
    expect(detail.report.notes.some((n: any) => n.title === 'Binned post' && /trash/.test(n.note))).toBe(true);
  });

  it('maps classic HTML to document nodes, with hostile parts gone and the picture stored', async () => {
    const row = byTitle.get('Classic post');
    const json = JSON.stringify(row.body);
    expect(json).not.toMatch(/script|onclick|javascript|alert|iframe/i);
    const [first, second] = row.body.children;
    expect(first.children).toContainEqual({ type: 'text', text: 'bold', bold: true });
    expect(second.children).toEqual([
      { type: 'text', text: 'Second line one' },
      { type: 'break' },
      { type: 'text', text: 'second line two' },
    ]);
    const image = row.body.children.find((b: any) => b.type === 'image');
    expect(image).toMatchObject({ alt: 'Harbour at dawn', caption: 'The harbour at dawn' });
    const media = await db().select().from(articleMedia).where(eq(articleMedia.articleId, row.id));
    expect(media.map((m) => m.id)).toContain(image.mediaId);
    // The picture is served by the file route like an upload.
    const file = await exports.default.fetch(new Request(`${BASE}/api/files/${media[0]!.blobKey}`));
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('image/png');
    expect(row.thumbnailKey).toMatch(/^image\/.+\.png$/);
    expect(row.teaser).toBe('The classic one');
    // The embed became a link; the missing picture a link to its source, listed in the report.
    expect(json).toContain('https://video.example.com/embed/1');
    expect(detail.report.missingMedia).toEqual([
      { url: `${MEDIA}/missing.png`, articleId: row.id, title: 'Classic post', reason: 'Answered HTTP 404' },
    ]);
  });

  it('points internal links at the imported items’ new pages', () => {
    const row = byTitle.get('Classic post');
    const link = row.body.children[0].children.find((n: any) => n.type === 'link');
    expect(link.href).toBe(`http://localhost:8787/article/${byTitle.get('Block post').id}`);
  });

  it('maps block markup: heading, nested list, quote, rule, code, table as text, columns, gallery, embed', () => {
    const blocks = byTitle.get('Block post').body.children;
    const types = blocks.map((b: any) => b.type);
    expect(blocks[0]).toEqual({ type: 'heading', level: 3, children: [{ type: 'text', text: 'A block heading' }] });
    const list = blocks.find((b: any) => b.type === 'list');
    expect(list.items[0].children[1]).toMatchObject({ type: 'list', items: [{ children: [{ type: 'paragraph' }] }] });
    expect(blocks.find((b: any) => b.type === 'quote').children.at(-1)).toEqual({
      type: 'text',
      text: 'Someone',
      italic: true,
    });
    expect(types).toContain('rule');
    expect(JSON.stringify(blocks)).toContain('{"type":"text","text":"const a = 1;","code":true}');
    expect(JSON.stringify(blocks)).toContain('Port | Ships');
    expect(JSON.stringify(blocks)).toContain('Right column');
    expect(types.filter((t: string) => t === 'image')).toHaveLength(2);
    expect(JSON.stringify(blocks)).toContain('https://www.youtube.com/watch?v=xyz');
    const notes = detail.report.notes.filter((n: any) => n.title === 'Block post').map((n: any) => n.note);
    expect(notes).toEqual(expect.arrayContaining(['table kept as text, one row a paragraph', 'embed kept as a link']));
  });

  it('keeps every status: published (approved by the import), draft, pending, scheduled, restricted; trash skipped', async () => {
    const published = byTitle.get('Classic post');
    expect(published.published).toBe(true);
    expect(byTitle.get('Draft post').published).toBe(false);
    expect(byTitle.get('Private post')).toMatchObject({ published: true, restricted: true });
    expect(byTitle.get('Locked post')).toMatchObject({ published: true, restricted: true });
    expect(byTitle.has('Binned post')).toBe(false);
    const requests = await db()
      .select()
      .from(publicationRequests)
      .where(inArray(publicationRequests.contentId, [byTitle.get('Pending post').id, byTitle.get('Future post').id]));
    const pending = requests.find((r) => r.contentId === byTitle.get('Pending post').id);
    const future = requests.find((r) => r.contentId === byTitle.get('Future post').id);
    expect(pending?.status).toBe('PENDING');
    expect(future).toMatchObject({ status: 'APPROVED', publishAt: Date.parse('2099-01-01T08:00:00Z') });
    expect(byTitle.get('Future post').published).toBe(false);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, published.id), eq(auditLog.action, 'published')));
    expect(entries).toMatchObject([{ actorId: admin.user!.id, actorKind: 'user' }]);
    // Anyone reads the published article.
    const read = await exports.default.fetch(new Request(`${BASE}/api/articles/${published.id}`));
    expect(read.status).toBe(200);
  });

  it('files posts in the category tree with parents, tags under "Tags", pages under "Pages"', async () => {
    const all = await db().select().from(categories);
    const named = (title: string) => all.find((c) => c.title === title)!;
    expect(named('Local').parentId).toBe(named('News').id);
    expect(named('Harbour').parentId).toBe(named('Tags').id);
    const links = await db()
      .select()
      .from(articles)
      .where(eq(articles.id, byTitle.get('Classic post').id));
    expect(links).toHaveLength(1);
    const about = byTitle.get('About us');
    const res = await exports.default.fetch(new Request(`${BASE}/api/articles/${about.id}`));
    const body = (await res.json()) as any;
    expect(body.result.categoryIds).toEqual([named('Pages').id]);
    const classic = (await (
      await exports.default.fetch(new Request(`${BASE}/api/articles/${byTitle.get('Classic post').id}`))
    ).json()) as any;
    expect(classic.result.categoryIds).toEqual([named('Local').id, named('Harbour').id, named('Night').id]);
  });

  it('maps authors: to the user the admin chose, else a new inactive user without a password', async () => {
    expect(byTitle.get('Classic post').userId).toBe(alice.id);
    const bob = await db()
      .select()
      .from(users)
      .where(eq(users.id, byTitle.get('Block post').userId))
      .get();
    expect(bob).toMatchObject({ name: 'bob', active: false, passwordHash: '!' });
  });

  it('answers the old addresses with 301 to the new pages', async () => {
    const id = byTitle.get('Classic post').id;
    for (const path of ['/2024/03/classic-post/', '/2024/03/classic-post', '/?p=1']) {
      const res = await exports.default.fetch(new Request(BASE + path, { redirect: 'manual' }));
      expect(res.status, path).toBe(301);
      expect(res.headers.get('Location')).toBe(`/article/${id}`);
    }
    const page = await exports.default.fetch(new Request(`${BASE}/our-story/`, { redirect: 'manual' }));
    expect(page.headers.get('Location')).toBe(`/article/${byTitle.get('About us').id}`);
    const unknown = await exports.default.fetch(new Request(`${BASE}/2024/03/never-was/`, { redirect: 'manual' }));
    expect(unknown.status).toBe(404);
  });

  it('imports the same file again without creating anything new', async () => {
    const before = (await db().select({ id: articles.id }).from(articles)).length;
    const categoriesBefore = (await db().select({ id: categories.id }).from(categories)).length;
    const asked = pictureHost((url) => url.startsWith(MEDIA) && !url.includes('missing'));
    const res = await startImport(admin, makeWxr(exportFile()), { alice: alice.id });
    const again = await settleImport(admin, res.body.result.id);
    expect(again.state).toBe('done');
    expect(again.counts.articles).toEqual({ created: 0, updated: 7, skipped: 1, failed: 0 });
    expect(again.counts.categories.created).toBe(0);
    expect((await db().select({ id: articles.id }).from(articles)).length).toBe(before);
    expect((await db().select({ id: categories.id }).from(categories)).length).toBe(categoriesBefore);
    // Pictures already stored are not fetched again (only the missing one is tried).
    expect(asked.every((u) => u.includes('missing'))).toBe(true);
    expect(again.report.items.map((i: any) => i.articleId).sort()).toEqual(
      detail.report.items.map((i: any) => i.articleId).sort(),
    );
  });

  it('lists imports and cancels only open ones', async () => {
    const list = await admin.call('/imports');
    expect(list.body.result.map((i: any) => i.id)).toContain(detail.id);
    const cancel = await admin.call(`/imports/${detail.id}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(409);
  });
});

describe('bad input', () => {
  beforeAll(async () => {
    admin ??= await as('ADMIN');
  });

  it('refuses XML with a DOCTYPE or entities before keeping it', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel>&xxe;</channel></rss>`;
    const res = await startImport(admin, xxe);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/DOCTYPE/);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><rss/>`;
    expect((await startImport(admin, laughs)).status).toBe(400);
  });

  it('answers 415 for a file of no known kind', async () => {
    expect((await startImport(admin, 'just some text, not an export')).status).toBe(415);
    expect((await startImport(admin, '{"db":[]}')).status).toBe(415);
  });

  it('answers 413 for a file over the limit, and keeps nothing', async () => {
    const head = makeWxr({ site: SITE, authors: [], categories: [], tags: [], posts: [] });
    const big = new File([head, new Uint8Array(95 * 1024 * 1024 + 1000 - head.length + 10)], 'big.xml');
    const res = await startImport(admin, big);
    expect(res.status).toBe(413);
    const listed = await env.FILES.list({ prefix: 'import/' });
    const open = await db().select({ key: imports.fileKey }).from(imports);
    expect(listed.objects.every((o) => open.some((r) => o.key.startsWith(r.key.replace(/source$/, ''))))).toBe(true);
  }, 180_000);

  it('fails a truncated file with the line where it broke, writing no partial item', async () => {
    const whole = makeWxr({
      site: `${SITE}/cut`,
      authors: [],
      categories: [],
      tags: [],
      posts: [
        { id: 1, title: 'Whole one', slug: 'whole-one', content: 'Complete' },
        { id: 2, title: 'Cut one', slug: 'cut-one', content: 'Never ends' },
      ],
    });
    const cut = whole.slice(0, whole.indexOf('Never ends') + 5);
    const res = await startImport(admin, cut);
    expect(res.status).toBe(202);
    const detail = await settleImport(admin, res.body.result.id);
    expect(detail.state).toBe('failed');
    expect(detail.error).toMatch(/line \d+/);
    const written = await db()
      .select()
      .from(articles)
      .where(inArray(articles.title, ['Whole one', 'Cut one']));
    expect(written).toHaveLength(0);
  });

  it('is for ADMIN only', async () => {
    const editor = await as('CONTRIBUTOR');
    expect((await startImport(editor, makeWxr(exportFile()))).status).toBe(403);
  });
});
