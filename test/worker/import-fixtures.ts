// Import rows for the authorization matrix and the import tests, written straight into D1, and a small export file.
import { env } from 'cloudflare:workers';
import { imports } from '#schema/tables';
import { makeWxr } from '../fixtures/wxr';
import { db } from './helpers';

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
