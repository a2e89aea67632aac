// Imports from Ghost and from a ZIP of Markdown files (issue 30, decision 050), through POST /api/imports and the
// queue runner as the WordPress tests go: the kind detected from the content, posts, pages, tags, authors, pictures
// and statuses mapped, old links answering 301, the same file again creating nothing new. The WordPress file is also
// imported with its source file gone after the scan: the steps after it read only their chunk.
import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articles, categories, publicationRequests, users } from '#schema/tables';
import { lexical, makeGhostExport, markdownMobiledoc, type GhostInput } from '../fixtures/ghost';
import { BASE, createUser, db } from './helpers';
import {
  GHOST_SITE,
  signInAdmin,
  pictureHost,
  startImport,
  settle,
  articlesOf,
  redirectOf,
} from './import-sources-kit';

afterEach(() => {
  vi.restoreAllMocks();
});

beforeAll(signInAdmin);

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
