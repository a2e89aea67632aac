// A WordPress export (WXR) imported in phases (decisions 046, 047): `scan` reads the whole file once (so a malformed
// or truncated file fails before anything is written, and the totals and attachments are known), `terms` writes the
// authors, categories and tags, `items` the posts and pages in batches, `links` points internal links at the new pages.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { DOCUMENT_VERSION, type ArticleDocument, type BlockNode, type InlineNode } from '../../schema/document';
import { articles, importSources, redirects, users } from '../../schema/tables';
import { htmlToDocument, type DraftBlock } from './html-to-document';
import { parseHtml, textOf } from './html-tree';
import { fetchPicture, knownPictures } from './media';
import type { ImportContext, ImportProgress } from './progress';
import {
  documentProblem,
  knownEntities,
  redirectKey,
  sourceStatement,
  writeArticle,
  writeCategory,
  type ImportedStatus,
} from './write';
import { readWxr, type WxrAuthor, type WxrItem, type WxrTerm } from './wxr';
import { fitDocument } from './fit-document';

/** What `scan` keeps in R2 beside the file for the later phases. */
interface WxrScan {
  site: string;
  authors: WxrAuthor[];
  terms: WxrTerm[];
  /** Attachment post id -> its file's address (featured images name the id). */
  attachments: Record<string, string>;
}

/** Items written per batch: each may fetch a few pictures (subrequests) and is one D1 batch. */
export const WXR_ITEMS_PER_BATCH = 25;
const PAGES_CATEGORY = { sourceId: '#pages', title: 'Pages', slug: 'pages' };
const TAGS_CATEGORY = { sourceId: '#tags', title: 'Tags', slug: 'tags' };
const LINKS_PER_BATCH = 50;

const scanKey = (ctx: ImportContext) => `import/${ctx.row.id}/scan.json`;

async function readScan(ctx: ImportContext): Promise<WxrScan> {
  const object = await ctx.env.FILES.get(scanKey(ctx));
  if (!object) throw new Error('The scan of the import is missing');
  return object.json<WxrScan>();
}

async function fileStream(ctx: ImportContext): Promise<ReadableStream<Uint8Array>> {
  const object = await ctx.env.FILES.get(ctx.row.fileKey);
  if (!object) throw new Error('The import file is missing');
  return object.body as ReadableStream<Uint8Array>;
}

/** One step of the import; true while more remain. */
export async function wordpressStep(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
  const phase = (progress.cursor.phase as string | undefined) ?? 'scan';
  if (phase === 'scan') return scan(ctx, progress);
  if (phase === 'terms') return terms(ctx, progress);
  if (phase === 'items') return items(ctx, progress);
  return links(ctx, progress);
}

async function scan(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
  const result: WxrScan = { site: '', authors: [], terms: [], attachments: {} };
  const detected: Record<string, number> = { posts: 0, pages: 0, attachments: 0, comments: 0, other: 0 };
  for await (const event of readWxr(await fileStream(ctx))) {
    if (event.type === 'site') result.site = event.url.replace(/\/+$/, '');
    else if (event.type === 'author') result.authors.push(event.author);
    else if (event.type === 'term') result.terms.push(event.term);
    else {
      const item = event.item;
      detected.comments! += item.comments;
      if (item.postType === 'attachment') {
        detected.attachments! += 1;
        if (item.attachmentUrl) result.attachments[item.postId] = item.attachmentUrl;
      } else if (item.postType === 'post') detected.posts! += 1;
      else if (item.postType === 'page') detected.pages! += 1;
      else detected.other! += 1;
    }
  }
  await ctx.env.FILES.put(scanKey(ctx), JSON.stringify(result));
  const categoryCount = result.terms.filter((t) => t.kind === 'category').length;
  progress.report.detected = {
    ...detected,
    authors: result.authors.length,
    categories: categoryCount,
    tags: result.terms.length - categoryCount,
  };
  progress.report.site = result.site;
  progress.total = detected.posts! + detected.pages!;
  progress.cursor = { phase: 'terms' };
  return true;
}

async function terms(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
  const wxr = await readScan(ctx);
  const scope = { ...ctx.scope, site: wxr.site };
  // Authors: the admin's choice, else a user of the same e-mail address, else a new inactive one with no password.
  const authorMap: Record<string, string> = { ...ctx.row.authorMap };
  const knownUsers = await knownEntities(
    ctx.db,
    scope,
    'user',
    wxr.authors.map((a) => a.login),
  );
  for (const author of wxr.authors) {
    if (!author.login) continue;
    const chosen = authorMap[author.login] ?? knownUsers.get(author.login);
    if (chosen && (await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, chosen)).get())) {
      authorMap[author.login] = chosen;
      progress.count('users', 'skipped');
      continue;
    }
    authorMap[author.login] = await createAuthor(ctx, scope, author);
    progress.count('users', 'created');
  }
  progress.authorMap = authorMap;

  // Categories parents first; tags as categories under one "Tags" parent, so none vanishes (decision 046).
  const categories = wxr.terms.filter((t) => t.kind === 'category');
  const tags = wxr.terms.filter((t) => t.kind === 'tag');
  const known = await knownEntities(ctx.db, scope, 'category', [
    ...categories.map((t) => `category:${t.slug}`),
    ...tags.map((t) => `tag:${t.slug}`),
    PAGES_CATEGORY.sourceId,
    TAGS_CATEGORY.sourceId,
  ]);
  const ids = new Map<string, string>();
  const write = async (
    sourceId: string,
    title: string,
    slug: string,
    parentId: string | null,
    kind: 'categories' | 'tags',
  ) => {
    const written = await writeCategory(ctx.db, scope, ctx.audit, {
      sourceId,
      title,
      slug,
      parentId,
      existingId: known.get(sourceId),
    });
    progress.count(kind, written.created ? 'created' : 'updated');
    ids.set(sourceId, written.id);
    return written.id;
  };
  const bySlug = new Map(categories.map((t) => [t.slug, t]));
  const visiting = new Set<string>();
  const place = async (term: WxrTerm): Promise<string> => {
    const key = `category:${term.slug}`;
    const done = ids.get(key);
    if (done) return done;
    visiting.add(term.slug);
    const parent = term.parent && !visiting.has(term.parent) ? bySlug.get(term.parent) : undefined;
    const parentId = parent ? await place(parent) : null;
    return write(key, term.name, term.slug, parentId, 'categories');
  };
  for (const term of categories) await place(term);
  if (tags.length > 0) {
    const tagsParent = await write(TAGS_CATEGORY.sourceId, TAGS_CATEGORY.title, TAGS_CATEGORY.slug, null, 'categories');
    for (const tag of tags) await write(`tag:${tag.slug}`, tag.name, tag.slug, tagsParent, 'tags');
  }
  if (progress.report.detected?.pages) {
    await write(PAGES_CATEGORY.sourceId, PAGES_CATEGORY.title, PAGES_CATEGORY.slug, null, 'categories');
  }
  progress.cursor = { phase: 'items', items: 0 };
  return true;
}

async function createAuthor(ctx: ImportContext, scope: ImportContext['scope'], author: WxrAuthor): Promise<string> {
  const email = author.email.trim().toLowerCase() || null;
  if (email) {
    const same = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (same) return same.id;
  }
  const id = crypto.randomUUID();
  const base = (author.login || author.displayName || 'author').slice(0, 56);
  let name = base;
  for (let n = 2; await ctx.db.select({ id: users.id }).from(users).where(eq(users.name, name)).get(); n++)
    name = `${base}-${n}`;
  const now = Date.now();
  await ctx.db.batch([
    // Inactive, with no password that could ever match: claimed by a password reset once an admin activates it.
    ctx.db.insert(users).values({
      id,
      name,
      email,
      firstName: author.firstName.slice(0, 64),
      lastName: author.lastName.slice(0, 64),
      role: 'CONTRIBUTOR',
      active: false,
      passwordHash: '!',
      createdAt: now,
      updatedAt: now,
    }),
    sourceStatement(ctx.db, scope, 'user', author.login, id, now),
  ]);
  return id;
}

/** When a WordPress date ("2024-05-01 09:30:00", UTC for the _gmt one) is, or null for none (drafts have zeros). */
function wpDate(gmt: string, local: string): number | null {
  for (const value of [gmt, local]) {
    if (!value || value.startsWith('0000')) continue;
    const at = Date.parse(value.replace(' ', 'T') + 'Z');
    if (!Number.isNaN(at)) return at;
  }
  return null;
}

/** The portal's state for a WordPress status; null: not imported (trash, auto-draft, inherit). */
function statusOf(item: WxrItem, now: number): { status: ImportedStatus; restricted: boolean } | null {
  const restricted = item.password !== '' || item.status === 'private';
  switch (item.status) {
    case 'publish':
    case 'private':
      return { status: { kind: 'published' }, restricted };
    case 'future': {
      const at = wpDate(item.postDateGmt, item.postDate);
      return { status: at && at > now ? { kind: 'scheduled', at } : { kind: 'published' }, restricted };
    }
    case 'pending':
      return { status: { kind: 'pending' }, restricted };
    case 'draft':
      return { status: { kind: 'draft' }, restricted };
    default:
      return null;
  }
}

/** The path of an address on the source site (with `?p=` style queries), or null for another site's. */
function sourcePath(site: string, href: string): string | null {
  try {
    const url = new URL(href, site || undefined);
    if (site && url.host !== new URL(site).host) return null;
    const p = url.searchParams.get('p') ?? url.searchParams.get('page_id');
    if (p && (url.pathname === '/' || url.pathname === ''))
      return `/?${url.searchParams.has('p') ? 'p' : 'page_id'}=${p}`;
    return url.pathname;
  } catch {
    return null;
  }
}

async function items(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
  const wxr = await readScan(ctx);
  const scope = { ...ctx.scope, site: wxr.site };
  const start = Number(progress.cursor.items ?? 0);
  const batch: WxrItem[] = [];
  let more = false;
  for await (const event of readWxr(await fileStream(ctx))) {
    if (event.type !== 'item' || event.index < start) continue;
    if (batch.length === WXR_ITEMS_PER_BATCH) {
      more = true;
      break;
    }
    batch.push(event.item);
  }
  const wanted = batch.filter((i) => i.postType === 'post' || i.postType === 'page');
  const existing = await knownEntities(
    ctx.db,
    scope,
    'article',
    wanted.map((i) => i.postId),
  );
  const categoryIds = await knownEntities(ctx.db, scope, 'category', [
    ...wanted.flatMap((i) => i.terms.map((t) => `${t.domain === 'post_tag' ? 'tag' : 'category'}:${t.slug}`)),
    PAGES_CATEGORY.sourceId,
  ]);
  const now = Date.now();
  for (const item of batch) {
    if (item.postType !== 'post' && item.postType !== 'page') continue;
    const kind = item.postType === 'post' ? 'articles' : 'pages';
    const state = statusOf(item, now);
    if (!state) {
      progress.count(kind, 'skipped');
      progress.note(item, `status "${item.status}" not imported`);
      continue;
    }
    try {
      const target = { id: existing.get(item.postId) ?? crypto.randomUUID(), exists: existing.has(item.postId) };
      const content = htmlToDocument(item.content, {
        autop: !item.content.includes('<!-- wp:'),
        base: wxr.site || undefined,
      });
      const terms = item.terms
        .filter((t) => t.domain === 'category' || t.domain === 'post_tag')
        .map((t) => categoryIds.get(`${t.domain === 'post_tag' ? 'tag' : 'category'}:${t.slug}`))
        .filter((id): id is string => !!id);
      if (item.postType === 'page') terms.unshift(categoryIds.get(PAGES_CATEGORY.sourceId) ?? '');
      const featuredUrl = wxr.attachments[item.meta._thumbnail_id ?? ''] ?? null;
      const media = await placePictures(ctx, scope.site, content.blocks, featuredUrl, (url, reason) =>
        progress.missing({ url, articleId: target.id, title: item.title, reason }),
      );
      const fitted = fitDocument(media.blocks);
      const notes = [...content.notes, ...fitted.notes];
      const body: ArticleDocument = { version: DOCUMENT_VERSION, children: fitted.blocks };
      const problem = documentProblem(body);
      if (problem) throw new Error(problem);
      const link = sourcePath(wxr.site, item.link);
      const written = await writeArticle(
        ctx.db,
        scope,
        ctx.audit,
        {
          sourceId: item.postId,
          title: item.title,
          slug: item.slug,
          teaser: textOf(parseHtml(item.excerpt)).replace(/\s+/g, ' ').trim(),
          body,
          media: media.gallery,
          thumbnailKey: media.featuredKey,
          categoryIds: terms.filter(Boolean),
          userId: progress.authorMap[item.creator] ?? ctx.adminId,
          status: state.status,
          restricted: state.restricted,
          createdAt: wpDate(item.postDateGmt, item.postDate) ?? now,
          oldPaths: [...(link ? [link] : []), `/?${item.postType === 'page' ? 'page_id' : 'p'}=${item.postId}`],
        },
        target,
        ctx.adminId,
      );
      await recordPictures(ctx, scope, media.fetched);
      progress.count(kind, written.created ? 'created' : 'updated');
      progress.item({ sourceId: item.postId, title: item.title, articleId: written.id, created: written.created });
      if (item.sticky) notes.push('sticky post: not marked in the portal');
      for (const note of notes) progress.note(item, note);
    } catch (err) {
      progress.count(kind, 'failed');
      progress.note(item, `not imported: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  progress.cursor = more ? { phase: 'items', items: start + batch.length } : { phase: 'links', after: '' };
  progress.done = Math.min(progress.total, progress.done + wanted.length);
  return true;
}

interface PlacedPictures {
  blocks: BlockNode[];
  gallery: { id: string; key: string; title: string }[];
  featuredKey: string | null;
  /** Addresses fetched now, to be remembered once the item is written. */
  fetched: { url: string; key: string }[];
}

/** Stores (or finds) each picture and puts image nodes in; one that could not be had becomes a link to its source. */
async function placePictures(
  ctx: ImportContext,
  site: string,
  blocks: DraftBlock[],
  featuredUrl: string | null,
  onMissing: (url: string, reason: string) => void,
): Promise<PlacedPictures> {
  const urls = [
    ...new Set([
      ...blocks.flatMap((b) => (b.type === 'sourceImage' ? [b.src] : [])),
      ...(featuredUrl ? [featuredUrl] : []),
    ]),
  ];
  const keys = await knownPictures(ctx.db, site, urls);
  const fetched: { url: string; key: string }[] = [];
  const todo = urls.filter((u) => !keys.has(u));
  for (let i = 0; i < todo.length; i += 4) {
    await Promise.all(
      todo.slice(i, i + 4).map(async (url) => {
        const outcome = await fetchPicture(ctx.env, ctx.db, ctx.adminId, url);
        if (outcome.ok) {
          keys.set(url, outcome.picture.key);
          fetched.push({ url, key: outcome.picture.key });
        } else onMissing(url, outcome.reason);
      }),
    );
  }
  const gallery: PlacedPictures['gallery'] = [];
  const out: BlockNode[] = [];
  for (const block of blocks) {
    if (block.type !== 'sourceImage') {
      out.push(block);
      continue;
    }
    const key = keys.get(block.src);
    if (!key) {
      const text: InlineNode = { type: 'text', text: block.alt || block.caption || block.src };
      out.push({
        type: 'paragraph',
        children: [{ type: 'link', href: block.src, children: [text] }],
      });
      continue;
    }
    const id = crypto.randomUUID();
    gallery.push({ id, key, title: (block.alt || block.caption || '').slice(0, 200) });
    out.push({ type: 'image', mediaId: id, alt: block.alt, ...(block.caption ? { caption: block.caption } : {}) });
  }
  return { blocks: out, gallery, featuredKey: featuredUrl ? (keys.get(featuredUrl) ?? null) : null, fetched };
}

async function recordPictures(
  ctx: ImportContext,
  scope: ImportContext['scope'],
  fetched: { url: string; key: string }[],
) {
  const now = Date.now();
  const [first, ...rest] = fetched.map((f) => sourceStatement(ctx.db, scope, 'media', f.url, f.key, now, 'media'));
  if (first) await ctx.db.batch([first, ...rest]);
}

/** Internal links between imported items pointed at the items' new pages. */
async function links(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
  const site = String(progress.report.site ?? '');
  const after = typeof progress.cursor.after === 'string' ? progress.cursor.after : '';
  const rows = await ctx.db
    .select({ id: articles.id, body: articles.body })
    .from(importSources)
    .innerJoin(articles, eq(articles.id, importSources.entityId))
    .where(
      and(
        eq(importSources.importId, ctx.row.id),
        eq(importSources.entityType, 'article'),
        gt(importSources.entityId, after),
      ),
    )
    .orderBy(asc(importSources.entityId))
    .limit(LINKS_PER_BATCH);
  if (!site) return false;
  const paths = new Set<string>();
  const visit = (doc: unknown, fn: (link: { href: string }) => void) => {
    const stack = [doc];
    while (stack.length) {
      const v = stack.pop();
      if (Array.isArray(v)) stack.push(...(v as unknown[]));
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (o.type === 'link' && typeof o.href === 'string') fn(o as { href: string });
        stack.push(...Object.values(o));
      }
    }
  };
  for (const row of rows)
    visit(row.body, (l) => {
      const p = sourcePath(site, l.href);
      const key = p ? redirectKey(p) : null;
      if (key) paths.add(key);
    });
  const targets = new Map<string, string>();
  const list = [...paths];
  for (let i = 0; i < list.length; i += 90) {
    const found = await ctx.db
      .select({ path: redirects.path, entityId: redirects.entityId })
      .from(redirects)
      .where(inArray(redirects.path, list.slice(i, i + 90)));
    for (const r of found) targets.set(r.path, r.entityId);
  }
  for (const row of rows) {
    let changed = false;
    visit(row.body, (l) => {
      const p = sourcePath(site, l.href);
      const target = p ? targets.get(redirectKey(p) ?? '') : undefined;
      if (target) {
        l.href = `${ctx.siteUrl}/article/${target}`;
        changed = true;
      }
    });
    if (changed) await ctx.db.update(articles).set({ body: row.body }).where(eq(articles.id, row.id));
  }
  if (rows.length < LINKS_PER_BATCH) return false;
  progress.cursor = { phase: 'links', after: rows.at(-1)!.id };
  return true;
}
