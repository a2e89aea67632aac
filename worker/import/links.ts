// The `links` phase of every source (decisions 046, 050): once all items are written, links in their text to other
// items of the source site are pointed at the items' new pages (a link to a later post resolves too).
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { articles, importSources, redirects } from '#schema/tables';
import type { ImportContext, ImportProgress } from './progress';
import { redirectKey } from './write';

/** Articles a step reads (their bodies) and rewrites: the rewritten ones go back in one D1 batch. */
const LINKS_PER_BATCH = 200;

/** The path of an address on the source site (with `?p=` style queries), or null for another site's. */
export function sourcePath(site: string, href: string): string | null {
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

/** Internal links between imported items pointed at the items' new pages. */
export async function links(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
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
  const updates = [];
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
    if (changed) updates.push(ctx.db.update(articles).set({ body: row.body }).where(eq(articles.id, row.id)));
  }
  // One round trip for the step's rewritten articles (was one each: 10,000 awaited updates for 10,000 posts).
  const [first, ...rest] = updates;
  if (first) await ctx.db.batch([first, ...rest]);
  if (rows.length < LINKS_PER_BATCH) return false;
  progress.cursor = { phase: 'links', after: rows.at(-1)!.id };
  return true;
}
