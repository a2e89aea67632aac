// Shared fixtures and helpers of the import source tests (import-sources*.test.ts).
import { env, exports } from 'cloudflare:workers';
import { inArray } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { articles } from '#schema/tables';
import { runImportStep } from '#worker/import/runner';
import { as, BASE, db } from './helpers';
import { pngBytes } from './upload-fixtures';

export const GHOST_SITE = 'https://gazette.example.com';

export type Admin = Awaited<ReturnType<typeof as>>;
/** The file's ADMIN, signed in by `beforeAll(signInAdmin)` in each test file (storage is per file). */
export let admin: Admin;
export async function signInAdmin() {
  admin = await as('ADMIN');
}

/** The outside world's pictures: PNGs from the Ghost site and a picture host, 404 for the rest. */
export function pictureHost() {
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

export async function startImport(file: File, parts: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', file);
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  return admin.call('/imports', { method: 'POST', body: form });
}

export async function settle(id: string, afterFirstStep?: () => Promise<void>) {
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

export async function articlesOf(detail: any): Promise<Map<string, any>> {
  const ids = detail.report.items.map((i: any) => i.articleId);
  const rows = await db().select().from(articles).where(inArray(articles.id, ids));
  return new Map(rows.map((r) => [r.title, r]));
}

export const redirectOf = async (path: string) => {
  const res = await exports.default.fetch(new Request(BASE + path, { redirect: 'manual' }));
  return { status: res.status, location: res.headers.get('Location') };
};
