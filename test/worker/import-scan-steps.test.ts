// A WordPress export's scan goes over several queue steps (decision 047): each stops after an `</item>` past its
// share of bytes and the next reads on from that byte with a new parser. With a step of a few KiB the scan of a file
// gives exactly what one step gives (scan.json, every chunk, the counts, the authors to map); a malformed tail fails
// with the same line either way and writes no item.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { articles, imports } from '#schema/tables';
import { runImportStep } from '#worker/import/runner';
import { WXR_SCAN } from '#worker/import/wordpress';
import { makeWxr } from '../fixtures/wxr';
import { as, db } from './helpers';

type Admin = Awaited<ReturnType<typeof as>>;
let admin: Admin;
const DEFAULT_STEP = WXR_SCAN.stepBytes;

beforeAll(async () => {
  admin = await as('ADMIN');
});

afterEach(() => {
  WXR_SCAN.stepBytes = DEFAULT_STEP;
});

/** 232 posts and pages (three chunks), attachments among them, text of 1 to 4 UTF-8 bytes a character, CRLF lines. */
function bigExport(site: string): string {
  const posts = Array.from({ length: 260 }, (_, i) => {
    const id = i + 1;
    if (id % 9 === 0)
      return {
        id,
        title: `Picture ${id}`,
        slug: `picture-${id}`,
        content: '',
        type: 'attachment' as const,
        attachmentUrl: `${site}/wp-content/uploads/p-${id}.png`,
      };
    return {
      id,
      title: `Grüße ${id} — ☕ 𝄞`,
      slug: `post-${id}`,
      content: `<!-- wp:paragraph --><p>Straße ${id}: ${'naïve café 😀 '.repeat(id % 7)}</p><!-- /wp:paragraph -->`,
      type: id % 10 === 0 ? ('page' as const) : ('post' as const),
      categories: [`c-${id % 3}`],
      tags: [`t-${id % 4}`],
      comments: id % 2,
      ...(id % 9 === 1 && id > 9 ? { thumbnailId: id - 1 } : {}),
    };
  });
  return makeWxr({
    site,
    authors: [{ login: 'ana', email: 'ana@old.example.com', name: 'Ana' }],
    categories: [
      { slug: 'c-0', name: 'Zero' },
      { slug: 'c-1', name: 'One', parent: 'c-0' },
      { slug: 'c-2', name: 'Two' },
    ],
    tags: Array.from({ length: 4 }, (_, i) => ({ slug: `t-${i}`, name: `Tag ${i}` })),
    posts,
  }).replace(/\n/g, '\r\n');
}

/** Starts an import waiting for its authors and runs its scan; answers the id, the steps and what the scan wrote. */
async function scanOf(xml: string) {
  const form = new FormData();
  form.append('file', new File([xml], 'export.xml', { type: 'text/xml' }));
  form.append('review', '1');
  const res = await admin.call('/imports', { method: 'POST', body: form });
  expect(res.status, res.body.message).toBe(202);
  const id = res.body.result.id as string;
  let steps = 0;
  for (; steps < 500; steps++) {
    const row = await db().select().from(imports).where(eq(imports.id, id)).get();
    if (row!.state === 'review' || row!.state === 'failed') break;
    await runImportStep(env, id);
  }
  const detail = (await admin.call(`/imports/${id}`)).body.result;
  const listed = await env.FILES.list({ prefix: `import/${id}/` });
  const written: Record<string, unknown> = {};
  for (const object of listed.objects) {
    if (object.key.endsWith('/source')) continue;
    written[object.key.slice(`import/${id}/`.length)] = await (await env.FILES.get(object.key))!.json();
  }
  return { id, steps, detail, written };
}

describe('the scan of a WordPress export over several steps', () => {
  it('gives exactly what one step gives', { timeout: 180_000 }, async () => {
    const xml = bigExport(`https://steps-${crypto.randomUUID().slice(0, 8)}.example.com`);
    const whole = await scanOf(xml);
    WXR_SCAN.stepBytes = 3000;
    const stepped = await scanOf(xml);
    expect(whole.detail.state, whole.detail.error).toBe('review');
    expect(stepped.detail.state, stepped.detail.error).toBe('review');
    // One scan step (and the one that queued it) against one per few KiB of the file.
    expect(stepped.steps).toBeGreaterThan(whole.steps + 20);
    expect(Object.keys(stepped.written).sort()).toEqual(['items/0.json', 'items/1.json', 'items/2.json', 'scan.json']);
    expect(stepped.written).toEqual(whole.written);
    expect(stepped.detail.report.detected).toEqual(whole.detail.report.detected);
    expect(stepped.detail.report.detected).toMatchObject({ posts: 208, pages: 24, attachments: 28 });
    expect(stepped.detail.report.authors).toEqual(whole.detail.report.authors);
    expect(stepped.detail.progress).toEqual({ total: 232, done: 0 });
    // Every item kept the line where it starts in the file (not in the step's part of it).
    const lines = (stepped.written['items/2.json'] as { line: number }[]).map((i) => i.line);
    const crlf = xml.split('\r\n');
    for (const line of lines) expect(crlf[line - 1]).toContain('<item>');
  });

  it(
    'fails a malformed tail with the line where it broke, as one step does, writing no item',
    { timeout: 180_000 },
    async () => {
      const site = `https://tail-${crypto.randomUUID().slice(0, 8)}.example.com`;
      const xml = bigExport(site);
      const at = xml.indexOf('</title>', xml.indexOf('Grüße 250 '));
      const broken = `${xml.slice(0, at)}</titel>${xml.slice(at + '</title>'.length)}`;
      const whole = await scanOf(broken);
      WXR_SCAN.stepBytes = 2000;
      const stepped = await scanOf(broken);
      expect(whole.detail.state).toBe('failed');
      expect(stepped.detail.state).toBe('failed');
      expect(stepped.steps, stepped.detail.error).toBeGreaterThan(20);
      const line = broken.slice(0, at).split('\r\n').length;
      expect(whole.detail.error).toContain(`(line ${line})`);
      expect(stepped.detail.error).toBe(whole.detail.error);
      const written = await db().select({ id: articles.id }).from(articles).where(eq(articles.slug, 'post-1'));
      expect(written).toHaveLength(0);
      expect(stepped.detail.counts).toEqual({});
    },
  );
});
