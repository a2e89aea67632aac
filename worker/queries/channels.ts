// Channel queries: reads under the visibility rules, the Channel mapper, and the writes behind the channel calls.
import type { Language } from '#schema/languages';
import {
  listTranslation,
  listTranslationOf,
  mayEdit,
  translatedView,
  translationsColumn,
  translationsFromJson,
} from './translated-reads';
import { and, asc, desc, eq, getTableColumns, gt, lt, lte, or, sql, type Placeholder } from 'drizzle-orm';
import * as z from 'zod/mini';
import { id as uuid, type ArticlePage, type Channel, type ChannelSummary, type SessionUser } from '#schema/entities';
import { nonnegativeInt } from '#schema/mini';
import { articles, channelCategories, channels, UNLISTED_RANK } from '#schema/tables';
import type { Db } from '../env';
import { decodeKeyCursor, toKeyPage } from '../lib/cursor';
import { iso } from '../services/db';
import { NotFound } from '../lib/errors';
import { fileHref } from '../lib/files';
import { assertOwnerOrAdmin } from '../lib/access';
import { batchRows, reusable, rows } from '../lib/statements';
import {
  articleVisibleWhere,
  channelReadableWhere,
  channelVisibleWhere,
  type Viewer,
  type ViewerLike,
} from '../lib/visibility';
import { articleSummaryColumns, articleSummaryTranslation, toArticleSummary } from './article-mappers';

export type ChannelRow = typeof channels.$inferSelect;
export type ArticleOrdinals = Record<string, string[]>;
export type CoverMediaValue = { kind: 'image'; key: string } | { kind: 'video'; key: string; thumbnailMillis: number };

export const CHANNEL_NOT_FOUND = 'Channel not found';

// ---- mappers ----

/** A channel row without articleOrdinals: what a summary reads (the ordinals grow with the channel). */
export type ChannelSummaryRow = Omit<ChannelRow, 'articleOrdinals'>;

/**
 * The ChannelSummary. A locked channel (restricted or private, and the viewer has no access) shows its
 * name, infoText, portrait and banner, but not its coverMedia (docs/decisions/005-visibility.md).
 */
export function toChannelSummary(
  row: ChannelSummaryRow,
  extra: { categoryIds: string[]; locked: boolean },
): ChannelSummary {
  const coverMedia: Channel['coverMedia'] =
    extra.locked || !row.coverKind || !row.coverKey
      ? null
      : row.coverKind === 'image'
        ? { kind: 'image', href: fileHref(row.coverKey)! }
        : { kind: 'video', href: fileHref(row.coverKey)!, thumbnailMillis: row.coverThumbnailMillis ?? 0 };
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    categoryIds: extra.categoryIds,
    userId: row.userId,
    infoText: row.infoText,
    portraitHref: fileHref(row.portraitKey),
    bannerHref: fileHref(row.bannerKey),
    hidden: row.hidden,
    private: row.private,
    published: row.published,
    restricted: row.restricted,
    isAd: row.isAd,
    coverMedia,
    locked: extra.locked,
    createdAt: iso(row.createdAt),
    language: row.language,
    sourceLanguage: row.language,
  };
}

/** The Channel entity: its summary, its articleOrdinals (as the viewer may see them) and the version saves name. */
export function toChannel(
  row: ChannelSummaryRow,
  extra: { categoryIds: string[]; articleOrdinals: ArticleOrdinals; locked: boolean },
): Channel {
  return {
    ...toChannelSummary(row, extra),
    articleOrdinals: extra.articleOrdinals,
    version: row.version,
    language: row.language,
    sourceLanguage: row.language,
    translations: [],
  };
}

// ---- reads ----

const { articleOrdinals: _ordinals, ...summaryColumns } = getTableColumns(channels);

/**
 * What a summary selects, in the statement that finds the channels (one round trip for any list): the row
 * without articleOrdinals, whether the viewer may read its cover (channelReadableWhere), and its category ids
 * in link order as a JSON array. With `language` (a reusable statement's placeholder or a value), also the
 * channel's published translation in it (decision 056: lists in the reader's language, item by item).
 */
export const channelSummaryFields = (viewer: ViewerLike, language?: Placeholder | string) => ({
  channel: summaryColumns,
  readable: sql<boolean>`${channelReadableWhere(viewer)}`.mapWith(Boolean),
  categoryIds: sql<string>`(select json_group_array(cc.category_id) from (
    select category_id from ${channelCategories} where channel_id = ${channels.id} order by ordinal) cc)`,
  ...(language === undefined
    ? {}
    : { translated: listTranslation('channel', 'channels', language, sql`"channels"."published" = 1`) }),
});

type SummaryFieldsRow = {
  channel: ChannelSummaryRow;
  readable: boolean;
  categoryIds: string;
  translated?: string | null;
};

/** A summary from its fields; in the reader's language where `translated` carries a published translation. */
export const summaryOf = (r: SummaryFieldsRow): ChannelSummary => {
  const t = listTranslationOf(r.translated);
  const channel = t ? { ...r.channel, slug: t.slug ?? r.channel.slug, name: t.title, infoText: t.text } : r.channel;
  return {
    ...toChannelSummary(channel, { categoryIds: JSON.parse(r.categoryIds) as string[], locked: !r.readable }),
    ...(t ? { language: t.language } : {}),
  };
};

export async function findVisibleChannel(db: Db, viewer: Viewer, id: string): Promise<ChannelRow | undefined> {
  return db
    .select()
    .from(channels)
    .where(and(eq(channels.id, id), channelVisibleWhere(viewer, { listing: false })))
    .get();
}

/**
 * The viewer's view of a channel's articleOrdinals, built by SQLite: every list cut to the articles the viewer
 * may list (listing rules), order and repeats kept. Owners and ADMIN get the stored ones instead (see getChannel).
 */
const listableOrdinals = (viewer: Viewer) => sql<string>`(select json_group_object(e.key, json((
    select json_group_array(v.value) from (
      select j.value from json_each(e.value) j
      where exists (select 1 from ${articles} where ${articles.id} = j.value and ${articleVisibleWhere(viewer, { listing: true })})
      order by j.key) v
  ))) from json_each(${channels.articleOrdinals}) e)`;

/**
 * GET /channels/{id}: 404 when it does not exist or the viewer may not see it. One round trip: the summary
 * fields, the stored ordinals and (for all but ADMIN) the ordinals cut to what the viewer may list; the
 * channel's owner gets the stored ones.
 */
export async function getChannel(db: Db, viewer: Viewer, id: string, language?: Language): Promise<Channel> {
  const row = await db
    .select({
      ...channelSummaryFields(viewer),
      stored: channels.articleOrdinals,
      listable: viewer?.role === 'ADMIN' ? sql<null>`null` : listableOrdinals(viewer),
      // Its translations in the same statement (issue 29, decision 056).
      translations: translationsColumn('channel', 'channels', language?.tag ?? ''),
    })
    .from(channels)
    .where(and(eq(channels.id, id), channelVisibleWhere(viewer, { listing: false })))
    .get();
  if (!row) throw new NotFound(CHANNEL_NOT_FOUND);
  const seesAll = viewer?.role === 'ADMIN' || viewer?.id === row.channel.userId;
  const { channel, languageFields } = inLanguage(row.channel, row.translations, viewer, language);
  return {
    ...toChannel(channel, {
      categoryIds: JSON.parse(row.categoryIds) as string[],
      articleOrdinals: seesAll || row.listable === null ? row.stored : (JSON.parse(row.listable) as ArticleOrdinals),
      locked: !row.readable,
    }),
    ...languageFields,
  };
}

/**
 * A channel's row in `language` where a published translation exists (its slug, name and info text), and the
 * language fields of its answer (issue 29, decision 056): the text's language, the source's, the source slug and
 * the translations the viewer may see.
 */
function inLanguage<
  C extends {
    slug: string;
    name: string;
    infoText: string | null;
    language: string;
    published: boolean;
    userId: string;
  },
>(source: C, translations: string | null, viewer: Viewer, language: Language | undefined) {
  const view = translatedView(translationsFromJson(translations), language, {
    language: source.language,
    isPublic: source.published,
    editable: mayEdit(viewer, source.userId),
  });
  const t = view.overlay;
  const channel = t
    ? {
        ...source,
        slug: t.slug ?? source.slug,
        name: t.title ?? source.name,
        infoText: t.description ?? source.infoText,
      }
    : source;
  return {
    channel,
    languageFields: {
      language: view.language,
      sourceLanguage: view.sourceLanguage,
      sourceSlug: source.slug,
      translations: view.translations,
    },
  };
}

/**
 * GET /channels/{id}/summary: the channel without its ordinals (the channel page, crumbs, feeds); 404 as getChannel.
 * In `language` where a published translation exists, with its translations (the page's hreflang versions) and its
 * source slug, in the same one statement.
 */
export async function getChannelSummary(
  db: Db,
  viewer: Viewer,
  id: string,
  language?: Language,
): Promise<ChannelSummary> {
  const [row] = await rows(
    reusable(
      db,
      viewer,
      'channel summary',
      (v) =>
        db
          .select({
            ...channelSummaryFields(v),
            translations: translationsColumn('channel', 'channels', sql.placeholder('language')),
          })
          .from(channels)
          .where(and(eq(channels.id, sql.placeholder('id')), channelVisibleWhere(v, { listing: false }))),
      { id, language: language?.tag ?? '' },
    ),
  );
  if (!row) throw new NotFound(CHANNEL_NOT_FOUND);
  const { channel, languageFields } = inLanguage(row.channel, row.translations, viewer, language);
  return { ...summaryOf({ ...row, channel }), ...languageFields };
}

/**
 * GET /channels: every channel the viewer may list (hidden ones left out), by name, as summaries; one statement. Each
 * in `language` where it has a published translation, else in its own (the order stays the source names').
 */
export async function listChannels(db: Db, viewer: Viewer, language?: Language): Promise<ChannelSummary[]> {
  const found = await rows(
    reusable(
      db,
      viewer,
      'channels',
      (v) =>
        db
          .select(channelSummaryFields(v, sql.placeholder('language')))
          .from(channels)
          .where(channelVisibleWhere(v, { listing: true }))
          .orderBy(sql`${channels.name} collate nocase`, asc(channels.id)),
      { language: language?.tag ?? '' },
    ),
  );
  return found.map(summaryOf);
}

/**
 * GET /channels/{userId}/channels: the user's channels the viewer may see, by name, as summaries. The user
 * themself and ADMIN also get the hidden ones (they manage them); everyone else gets the listing.
 */
export async function listUserChannels(db: Db, viewer: Viewer, userId: string): Promise<ChannelSummary[]> {
  const manages = viewer?.role === 'ADMIN' || viewer?.id === userId;
  const rows = await db
    .select(channelSummaryFields(viewer))
    .from(channels)
    .where(and(eq(channels.userId, userId), channelVisibleWhere(viewer, { listing: !manages })))
    .orderBy(sql`${channels.name} collate nocase`, asc(channels.id))
    .all();
  return rows.map(summaryOf);
}

export interface PageRequest {
  /** Opaque: the sort key of the previous page's last row (worker/lib/cursor.ts); none for the first page. */
  cursor?: string | undefined;
  limit: number;
}

/** A channel page's sort key: rank (position in articleOrdinals.main, or UNLISTED_RANK), createdAt, id. */
const channelPageKey = z.tuple([nonnegativeInt(), nonnegativeInt(), uuid]);

/**
 * GET /channels/{id}/articles: a page of the channel's listable articles, in the order of articleOrdinals.main (an
 * id listed twice counts at its first place), then the rest newest first: `articles.channel_rank` (kept from the
 * JSON by triggers), createdAt desc, id. One index range from the cursor on, whatever the channel holds. The cursor
 * is the last row's key, so the next page starts strictly after it; the visibility check of the channel and the
 * page travel in one batch. Each article in `language` where it has a published translation (decision 056), else in
 * its own.
 */
export async function listChannelArticles(
  db: Db,
  viewer: Viewer,
  channelId: string,
  page: PageRequest,
  language?: Language,
): Promise<ArticlePage> {
  const after = page.cursor === undefined ? null : decodeKeyCursor(page.cursor, channelPageKey);
  const channel = sql.placeholder('channelId');
  const [rank, time, lastId] = [sql.placeholder('rank'), sql.placeholder('time'), sql.placeholder('lastId')];
  // Listed ranks are unique in a channel (an id's first position), so after a listed row the next is the next rank;
  // among the unlisted ones (all UNLISTED_RANK) the newest-first order goes on from the cursor's time and id.
  const from = !after ? 'first' : after[0] === UNLISTED_RANK ? 'unlisted' : 'listed';
  const keyset = {
    first: undefined,
    listed: gt(articles.channelRank, rank),
    unlisted: and(
      eq(articles.channelRank, UNLISTED_RANK),
      lte(articles.createdAt, time),
      or(lt(articles.createdAt, time), gt(articles.id, lastId)),
    ),
  }[from];
  const [found, rows] = await batchRows(db, [
    reusable(
      db,
      viewer,
      'channel visible',
      (v) =>
        db
          .select({ id: channels.id })
          .from(channels)
          .where(and(eq(channels.id, channel), channelVisibleWhere(v, { listing: false }))),
      { channelId },
    ),
    reusable(
      db,
      viewer,
      `channel articles ${from}`,
      (v) =>
        db
          .select({
            ...articleSummaryColumns,
            translated: articleSummaryTranslation(sql.placeholder('language')),
            channelRank: articles.channelRank,
          })
          .from(articles)
          .where(and(eq(articles.channelId, channel), articleVisibleWhere(v, { listing: true }), keyset))
          .orderBy(asc(articles.channelRank), desc(articles.createdAt), asc(articles.id))
          .limit(sql.placeholder('limit')),
      {
        channelId,
        limit: page.limit + 1,
        rank: after?.[0],
        time: after?.[1],
        lastId: after?.[2],
        language: language?.tag ?? '',
      },
    ),
  ]);
  if (found.length === 0) throw new NotFound(CHANNEL_NOT_FOUND);
  return toKeyPage(rows, page.limit, (r) => [r.channelRank, r.createdAt, r.id], toArticleSummary);
}

/** A channel the user may change: 404 if they may not see it, 403 unless owner or ADMIN. */
export async function channelForWrite(db: Db, user: SessionUser, id: string): Promise<ChannelRow> {
  const row = await findVisibleChannel(db, user, id);
  if (!row) throw new NotFound(CHANNEL_NOT_FOUND);
  assertOwnerOrAdmin(user, row.userId);
  return row;
}

// ---- writes ----
