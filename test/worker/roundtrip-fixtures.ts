// The portal's own export imported back (issue 30, decision 046; translations: issue 29, decision 054): the steps
// the round-trip tests share. Export everything with its files, empty the portal, import the archive as the queue
// consumer runs it.
import { env, exports } from 'cloudflare:workers';
import { ne } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '#schema/tables';
import { type as, BASE, db } from './helpers';
import { settleImport } from './import-fixtures';

type Admin = Awaited<ReturnType<typeof as>>;

/** GET /api/export of everything with its files, as `admin`: the ZIP's bytes. */
export async function exportAll(admin: Admin): Promise<Uint8Array<ArrayBuffer>> {
  const res = await exports.default.fetch(
    new Request(`${BASE}/api/export?scope=all&media=include`, { headers: { Cookie: admin.cookie! } }),
  );
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** Content, slugs, translations, files and every user but the importing admin: gone. */
export async function emptyPortal(admin: Admin): Promise<void> {
  await env.DB.prepare('delete from categories where parent_id is not null').run();
  for (const table of [
    'news_translations',
    'article_translations',
    'channel_translations',
    'category_translations',
    'translation_slugs',
    'news',
    'article_categories',
    'article_media',
    'articles',
    'channel_categories',
    'channels',
    'categories',
    'slugs',
    'blobs',
  ])
    await env.DB.prepare(`delete from ${table}`).run();
  await db().delete(users).where(ne(users.id, admin.user!.id));
  for (const o of (await env.FILES.list()).objects) await env.FILES.delete(o.key);
}

/** POST /api/imports of an export ZIP, run to the end: the import's detail (its state checked `done`). */
export async function importArchive(admin: Admin, zip: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('file', new File([zip], 'export.zip', { type: 'application/zip' }));
  const res = await admin.call('/imports', { method: 'POST', body: form });
  expect(res.status).toBe(202);
  const detail = await settleImport(admin, res.body.result.id as string);
  expect(detail.state).toBe('done');
  return detail;
}
