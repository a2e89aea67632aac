// Import rows for the authorization matrix and the import tests, written straight into D1, and a small export file;
// the import tests' stand-in for the old site's picture host, and the queue consumer's steps run to the end.
import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { imports } from '#schema/tables';
import { runImportStep } from '#worker/import/runner';
import { makeWxr } from '../fixtures/wxr';
import { type as, db } from './helpers';
import { pngBytes } from './upload-fixtures';

/** An import of a WordPress file in the given state, owned by `userId`; returns its id. */
export async function createImportRow(
  userId: string,
  state: 'queued' | 'review' | 'running' | 'done' = 'queued',
): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await db()
    .insert(imports)
    .values({
      id,
      state,
      sourceKind: 'wordpress',
      fileKey: `import/${id}/source`,
      fileName: 'export.xml',
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
      finishedAt: state === 'done' ? now : null,
    });
  // An import that may still run has its file, as POST /imports leaves it: a step the queue runs later finds it.
  if (state !== 'done') await env.FILES.put(`import/${id}/source`, await wxrFile().text());
  return id;
}

/** A WordPress export with one post, as the multipart body POST /imports takes. */
export function importForm(): FormData {
  const form = new FormData();
  form.append('file', wxrFile());
  return form;
}

function wxrFile(): File {
  const xml = makeWxr({
    site: 'https://matrix.example.com',
    authors: [],
    categories: [],
    tags: [],
    posts: [{ id: 1, title: 'Matrix post', slug: 'matrix-post', content: 'Hello', status: 'draft' }],
  });
  return new File([xml], 'export.xml', { type: 'text/xml' });
}

/**
 * The old site's picture host, a stand-in for the outside world (a fetch spy; the tests restore it after each): a PNG
 * for each address `serves` accepts, 404 for the rest. Answers the addresses asked for, in order.
 */
export function pictureHost(serves: (url: string) => boolean, png = pngBytes(4, 3)): string[] {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new Request(input).url;
    asked.push(url);
    if (serves(url)) return new Response(png, { status: 200 });
    return new Response('gone', { status: 404 });
  });
  return asked;
}

/** Runs the import's steps as the queue consumer does until it ends; answers its detail as `caller` reads it. */
export async function settleImport(caller: Awaited<ReturnType<typeof as>>, id: string) {
  for (let i = 0; i < 500; i++) {
    const outcome = await runImportStep(env, id);
    if (outcome === 'done') break;
    if (outcome === 'busy') await new Promise((r) => setTimeout(r, 20));
  }
  const res = await caller.call(`/imports/${id}`);
  expect(res.status).toBe(200);
  return res.body.result;
}
