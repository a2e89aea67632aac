// The health check: article and channel ids that are still named somewhere although the content is gone (channel
// articleOrdinals (JSON) and news refs are not foreign keys, so deletes elsewhere can leave them behind;
// article_categories has one, and is checked anyway for data loaded with foreign keys off; ids are reported as
// stored, whatever their shape: a news ref or a JSON entry that is no uuid, or a number in the JSON, dangles too),
// categories whose parent chain loops (moves check for it inside the write, but an operator's SQL or data from
// before could), and files that nothing refers to (worker/services/file-sweep.ts).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { articleCategories, articles, categories, channels, news } from '#schema/tables';
import type { Db } from '../env';
import { unreferencedFileCounts } from '../services/file-sweep';
import { MAX_CATEGORY_DEPTH } from './categories';
import type { Statement } from './slugs';

export type ReferenceSource = 'channel' | 'news' | 'category' | 'newsChannel';

export interface HealthReport {
  message: string;
  missingArticles: string[];
  missingChannels: string[];
  /** How many references of each kind name a missing article. */
  references: Record<ReferenceSource, number>;
  /** Categories whose chain of parents comes back to them. */
  categoryCycles: string[];
  /** Files recorded more than a day ago that nothing refers to, and how many of them have an R2 upload unfinished. */
  unreferencedFiles: number;
  unfinishedUploads: number;
}

/** Every category on a loop of parents (each cycle's members), found by walking up at most MAX_CATEGORY_DEPTH + 1 steps. */
async function categoriesInCycles(db: Db): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    with recursive up(start, id, depth) as (
      select ${categories.id}, ${categories.parentId}, 1 from ${categories} where ${categories.parentId} is not null
      union all
      select up.start, c.parent_id, up.depth + 1 from ${categories} c join up on c.id = up.id
        where c.parent_id is not null and up.depth <= ${MAX_CATEGORY_DEPTH}
    )
    select distinct start as id from up where id = start order by start`);
  return rows.map((r) => r.id);
}

/** The findings besides missing articles, and the sentence that tells them. */
async function otherFindings(db: Db, now: number) {
  const [categoryCycles, files] = await Promise.all([categoriesInCycles(db), unreferencedFileCounts(db, now)]);
  const parts = [
    categoryCycles.length > 0 &&
      `${categoryCycles.length} categor${categoryCycles.length === 1 ? 'y is' : 'ies are'} on a cycle of parents`,
    files.files > 0 &&
      `${files.files} file${files.files === 1 ? '' : 's'} no entity shows, recorded over a day ago` +
        (files.unfinishedUploads > 0 ? ` (${files.unfinishedUploads} with an unfinished R2 upload)` : ''),
  ].filter((p): p is string => !!p);
  return {
    categoryCycles,
    unreferencedFiles: files.files,
    unfinishedUploads: files.unfinishedUploads,
    sentence: parts.join('; '),
  };
}

interface MissingRef {
  id: string;
  source: ReferenceSource;
  n: number;
}

/** Every reference to an article that does not exist, counted per id and source. */
async function missingReferences(db: Db): Promise<MissingRef[]> {
  return db.all<MissingRef>(sql`
    with refs(id, source) as (
      select cast(j.value as text), 'channel' from ${channels} c, json_each(c.article_ordinals) l, json_each(l.value) j
        where l.type = 'array' and j.type in ('text', 'integer', 'real')
      union all
      select ${news.refId}, 'news' from ${news} where ${news.refKind} = 'article'
      union all
      select ${articleCategories.articleId}, 'category' from ${articleCategories}
    )
    select id, source, count(*) as n from refs
      where not exists (select 1 from ${articles} a where a.id = refs.id)
      group by id, source
    union all
    select ${news.refId} as id, 'newsChannel' as source, count(*) as n from ${news}
      where ${news.refKind} = 'channel' and not exists (select 1 from ${channels} ch where ch.id = ${news.refId})
      group by ${news.refId}
    order by id, source`);
}

function summarize(refs: MissingRef[]): Pick<HealthReport, 'missingArticles' | 'missingChannels' | 'references'> {
  const references: Record<ReferenceSource, number> = { channel: 0, news: 0, category: 0, newsChannel: 0 };
  for (const r of refs) references[r.source] += r.n;
  const ids = (article: boolean) => [
    ...new Set(refs.filter((r) => (r.source === 'newsChannel') !== article).map((r) => String(r.id))),
  ];
  return { missingArticles: ids(true), missingChannels: ids(false), references };
}

const describeRefs = (r: Record<ReferenceSource, number>) =>
  `${r.channel} in channel article lists, ${r.news} in news, ${r.category} in category links` +
  (r.newsChannel ? `; ${r.newsChannel} news item${r.newsChannel === 1 ? '' : 's'} pointing at a missing channel` : '');

export async function checkHealth(db: Db, now = Date.now()): Promise<HealthReport> {
  const summary = summarize(await missingReferences(db));
  const { sentence, ...others } = await otherFindings(db, now);
  const articles = summary.missingArticles.length;
  const channels = summary.missingChannels.length;
  const referencesSentence =
    articles + channels === 0
      ? 'All references are intact'
      : [
          articles ? `${articles} missing article${articles === 1 ? ' is' : 's are'} still referenced` : '',
          channels ? `${channels} missing channel${channels === 1 ? ' is' : 's are'} still referenced` : '',
        ]
          .filter(Boolean)
          .join(', ') + `: ${describeRefs(summary.references)}`;
  const message = sentence ? `${referencesSentence}; ${sentence}` : referencesSentence;
  return { message, ...summary, ...others };
}

/**
 * Breaks every cycle of category parents: of each cycle, the member with the smallest id moves to the top level (at
 * the end of it), only if its parent is still the one read. Returns how many cycles were broken.
 */
export async function fixCategoryCycles(db: Db): Promise<number> {
  const members = await categoriesInCycles(db);
  if (members.length === 0) return 0;
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(inArray(categories.id, members))
    .all();
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const seen = new Set<string>();
  const breaks: { id: string; parentId: string }[] = [];
  for (const id of [...members].sort()) {
    if (seen.has(id)) continue;
    // Walk the loop from its smallest member and mark it whole.
    for (let at: string | null | undefined = id; at && !seen.has(at); at = parentOf.get(at)) seen.add(at);
    breaks.push({ id, parentId: parentOf.get(id)! });
  }
  const [first, ...rest] = breaks.map((b) =>
    db
      .update(categories)
      .set({
        parentId: null,
        ordinal: sql`(select coalesce(max(c.ordinal) + 1, 0) from ${categories} c where c.parent_id is null)`,
      })
      .where(and(eq(categories.id, b.id), eq(categories.parentId, b.parentId))),
  );
  if (first) await db.batch([first, ...rest]);
  return breaks.length;
}

export interface HealthFix extends HealthReport {
  /** Thumbnails of the removed news items, for the caller to delete from R2. */
  removedFileKeys: string[];
}

/**
 * Removes exactly the references that checkHealth reports, in one batch: the missing ids from channel
 * articleOrdinals (a channel changed meanwhile is left alone and reported by the next check), news items
 * pointing at a missing article, and category links of missing articles.
 */
export async function fixHealth(db: Db, now = Date.now()): Promise<HealthFix> {
  const brokenCycles = await fixCategoryCycles(db);
  const cyclesSentence = brokenCycles
    ? `Moved ${brokenCycles} categor${brokenCycles === 1 ? 'y' : 'ies'} to the top level to break a cycle of parents`
    : '';
  const { sentence: _sentence, ...others } = await otherFindings(db, now);
  const summary = { ...summarize(await missingReferences(db)), ...others };
  if (summary.missingArticles.length + summary.missingChannels.length === 0) {
    return { message: cyclesSentence || 'Nothing to fix', ...summary, removedFileKeys: [] };
  }
  const missing = new Set(summary.missingArticles);
  const channelIds = [
    ...new Set(
      (
        await db.all<{
          id: string;
        }>(sql`select distinct c.id as id from ${channels} c, json_each(c.article_ordinals) l, json_each(l.value) j
      where l.type = 'array' and j.type in ('text', 'integer', 'real')
        and not exists (select 1 from ${articles} a where a.id = cast(j.value as text))`)
      ).map((r) => r.id),
    ),
  ];
  // The stored JSON text, to write back only over exactly what was read.
  const affected = channelIds.length
    ? await db
        .select({ id: channels.id, raw: sql<string>`cast(${channels.articleOrdinals} as text)`.mapWith(String) })
        .from(channels)
        .where(inArray(channels.id, channelIds))
        .all()
    : [];
  const channelUpdates: Statement[] = affected.map((ch) => {
    const ordinals = JSON.parse(ch.raw) as Record<string, unknown>;
    const cleaned = Object.fromEntries(
      Object.entries(ordinals).map(([key, list]) => [
        key,
        Array.isArray(list)
          ? list.filter((id) => !(typeof id === 'string' || typeof id === 'number') || !missing.has(String(id)))
          : list,
      ]),
    );
    // Only if nobody changed the channel since it was read: a lost race must not undo their change.
    return db
      .update(channels)
      .set({ articleOrdinals: cleaned as Record<string, string[]> })
      .where(sql`${channels.id} = ${ch.id} and ${channels.articleOrdinals} = ${ch.raw}`)
      .returning({ id: channels.id });
  });
  const articleGone = (id: SQL) => sql`not exists (select 1 from ${articles} a where a.id = ${id})`;
  const channelGone = sql`not exists (select 1 from ${channels} ch where ch.id = ${news.refId})`;
  const [removedNews, , ...updated] = await db.batch([
    db
      .delete(news)
      .where(
        sql`(${news.refKind} = 'article' and ${articleGone(sql`${news.refId}`)}) or (${news.refKind} = 'channel' and ${channelGone})`,
      )
      .returning({ id: news.id, thumbnailKey: news.thumbnailKey }),
    db.delete(articleCategories).where(articleGone(sql`${articleCategories.articleId}`)),
    ...channelUpdates,
  ]);
  const fixedChannels = (updated as { id: string }[][]).filter((rows) => rows.length > 0).length;
  const removedFileKeys = removedNews.map((n) => n.thumbnailKey).filter((k): k is string => !!k);
  return {
    message:
      (cyclesSentence ? `${cyclesSentence}; ` : '') +
      `Removed references to ${missing.size} missing article${missing.size === 1 ? '' : 's'}` +
      (summary.missingChannels.length
        ? ` and ${summary.missingChannels.length} missing channel${summary.missingChannels.length === 1 ? '' : 's'}`
        : '') +
      `: ${describeRefs(summary.references)}` +
      (fixedChannels < affected.length
        ? `; ${affected.length - fixedChannels} channel(s) changed meanwhile, check again`
        : ''),
    ...summary,
    removedFileKeys,
  };
}
