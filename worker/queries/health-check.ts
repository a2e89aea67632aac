// The health check: article and channel ids that are still named somewhere although the content is gone. Channel
// articleOrdinals (JSON) and news refs are not foreign keys, so deletes elsewhere can leave them behind;
// article_categories has one, and is checked anyway for data loaded with foreign keys off. Ids are reported as
// stored, whatever their shape (a news ref or a JSON entry that is no uuid, or a number in the JSON, dangles too).
import { inArray, sql, type SQL } from 'drizzle-orm';
import { articleCategories, articles, channels, news } from '../../schema/tables';
import type { Db } from '../env';
import type { Statement } from './slugs';

export type ReferenceSource = 'channel' | 'news' | 'category' | 'newsChannel';

export interface HealthReport {
  message: string;
  missingArticles: string[];
  missingChannels: string[];
  /** How many references of each kind name a missing article. */
  references: Record<ReferenceSource, number>;
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

function summarize(refs: MissingRef[]): Omit<HealthReport, 'message'> {
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

export async function checkHealth(db: Db): Promise<HealthReport> {
  const summary = summarize(await missingReferences(db));
  const articles = summary.missingArticles.length;
  const channels = summary.missingChannels.length;
  const message =
    articles + channels === 0
      ? 'All references are intact'
      : [
          articles ? `${articles} missing article${articles === 1 ? ' is' : 's are'} still referenced` : '',
          channels ? `${channels} missing channel${channels === 1 ? ' is' : 's are'} still referenced` : '',
        ]
          .filter(Boolean)
          .join(', ') + `: ${describeRefs(summary.references)}`;
  return { message, ...summary };
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
export async function fixHealth(db: Db): Promise<HealthFix> {
  const summary = summarize(await missingReferences(db));
  if (summary.missingArticles.length + summary.missingChannels.length === 0) {
    return { message: 'Nothing to fix', ...summary, removedFileKeys: [] };
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
