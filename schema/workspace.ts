// Zod schemas of what the editor workspace's calls answer (GET /workspace/..., the resumable uploads of
// /uploads), apart from entities.ts: that module loads with the first visit, these only with the workspace.
import * as z from 'zod/mini';
import { article, articleSummary, id, isoDateTime, newsItem, pageOf, publicationStatus } from './entities';
import { int, nonnegativeInt } from './mini';

// editor workspace (/myaccount)
/** The latest publication request of an article or channel: what its status badge needs beside the flags. */
export const publicationState = z.object({
  id,
  status: publicationStatus,
  expirationDate: z.nullable(isoDateTime),
  /** The wished start; while it lies ahead of an approved request, lists show "Scheduled for {date}". */
  publishAt: z.optional(z.nullable(isoDateTime)),
  createdAt: isoDateTime,
  /** ADMIN's reason, when the latest request was rejected with one. */
  reason: z.optional(z.nullable(z.string())),
});
export type PublicationState = z.infer<typeof publicationState>;
/**
 * What an anonymous visitor actually gets of the content, beside its own flags (an approved article in a channel
 * still pending is "not found" for visitors; a news item pointing at a draft is not in the feed):
 * live: in the lists and readable (restricted content shows locked); draft: not published; waitingForChannel: the
 * article is published but its channel is not yet; privateChannel / private: only for those granted access;
 * hidden: published, reachable by its address but in no list; scheduled: a news item whose time has not come;
 * targetNotPublic: a news item whose article or channel visitors cannot see, so the feed leaves it out.
 */
export const VISITOR_STATES = [
  'live',
  'draft',
  'waitingForChannel',
  'privateChannel',
  'private',
  'hidden',
  'scheduled',
  'targetNotPublic',
] as const;
export const visitorState = z.enum(VISITOR_STATES);
export type VisitorState = z.infer<typeof visitorState>;
/**
 * One translation of a workspace row (issue 29, decision 054): its language, slug (null for news), state and whether
 * its source text changed since it was last saved. The source language is the row's own `sourceLanguage`.
 */
export const workspaceTranslation = z.object({
  language: z.string(),
  slug: z.nullable(z.string()),
  state: z.enum(['draft', 'published']),
  outdated: z.boolean(),
});
export type WorkspaceTranslation = z.infer<typeof workspaceTranslation>;
/** What every workspace row adds for the languages: the item's own language and its translations. */
const languagesOfRow = {
  sourceLanguage: z.optional(z.string()),
  translations: z.optional(z.array(workspaceTranslation)),
};
/** An article in its owner's (or ADMIN's) workspace list: drafts, hidden and restricted ones included. */
export const workspaceArticle = z.extend(articleSummary, {
  updatedAt: isoDateTime,
  /** The version a save starts from (decision 029). */
  version: int(),
  userName: z.string(),
  channelName: z.nullable(z.string()),
  publication: z.nullable(publicationState),
  visitorState: z.optional(visitorState),
  ...languagesOfRow,
});
export type WorkspaceArticle = z.infer<typeof workspaceArticle>;
export const workspaceArticlePage = pageOf(workspaceArticle);
/** A channel in its owner's (or ADMIN's) workspace list. */
export const workspaceChannel = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  userId: id,
  userName: z.string(),
  portraitHref: z.nullable(z.string()),
  published: z.boolean(),
  hidden: z.boolean(),
  private: z.boolean(),
  restricted: z.boolean(),
  isAd: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: int(),
  publication: z.nullable(publicationState),
  visitorState: z.optional(visitorState),
  ...languagesOfRow,
});
export type WorkspaceChannel = z.infer<typeof workspaceChannel>;
export const workspaceChannelPage = pageOf(workspaceChannel);
/** A news item in its author's (or ADMIN's) workspace list, with the title of what it points at. */
export const workspaceNewsItem = z.extend(newsItem, {
  userName: z.string(),
  refTitle: z.string(),
  createdAt: isoDateTime,
  visitorState: z.optional(visitorState),
  version: int(),
  ...languagesOfRow,
});
export type WorkspaceNewsItem = z.infer<typeof workspaceNewsItem>;
export const workspaceNewsPage = pageOf(workspaceNewsItem);

// gallery uploads
/** A gallery image one call created: its media id, and the file tag of the request's entry it was made from. */
export const addedImage = z.object({ id, imageFileTag: z.string() });
/**
 * The answer of POST /articles/{id}/media/images: the article, and the images this call created, in the order of
 * the request's `images`. A client finds its own entries here, not by title or place in the gallery (titles may
 * repeat, and another call may add pictures at the same moment).
 */
export const articleWithAddedImages = z.extend(article, { added: z.array(addedImage) });
export type ArticleWithAddedImages = z.infer<typeof articleWithAddedImages>;

// resumable uploads
/**
 * A resumable upload as its owner sees it: the parts to send (`partCount` parts of `partSize` bytes, the last one
 * shorter), those already received, and whether it is complete (ready to be attached by its id).
 */
export const resumableUpload = z.object({
  id,
  name: z.string(),
  contentType: z.string(),
  size: nonnegativeInt(),
  partSize: nonnegativeInt(),
  partCount: nonnegativeInt(),
  /** Part numbers (from 1) received so far, ascending. */
  parts: z.array(int()),
  status: z.enum(['open', 'complete']),
  fingerprint: z.string(),
  createdAt: isoDateTime,
  /** When the Cron Trigger clears it if nothing more happens: a day after the last part (or completion). */
  expiresAt: isoDateTime,
});
export type ResumableUpload = z.infer<typeof resumableUpload>;
export const uploadedPart = z.object({ partNumber: int(), size: nonnegativeInt() });
