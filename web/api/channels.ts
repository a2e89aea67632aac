// /api/channels: the channel list, one channel (whole, or its summary) and its articles.
import * as z from 'zod/mini';
import { articlePage, channel, channelSummary } from '#schema/entities';
import { api, call, inSource, pageQuery, seg } from './client';

/** Every channel the caller may see, as summaries (no articleOrdinals: they grow with each channel). */
export const listChannels = () => call(api.channels.$get(), z.array(channelSummary));
/** The whole channel, with its articleOrdinals, in its own language: what the channel form edits. */
export const getChannel = (idOrSlug: string) =>
  inSource((options) => call(api.channels[':id'].$get({ param: { id: seg(idOrSlug) } }, options), channel));
/** The channel without its articleOrdinals: what its page and crumb show. */
export const getChannelSummary = (idOrSlug: string) =>
  call(api.channels[':id'].summary.$get({ param: { id: seg(idOrSlug) } }), channelSummary);
/** A page of the channel's articles (articleOrdinals.main first, then newest); `cursor` is the previous page's nextCursor. */
export const listChannelArticles = (idOrSlug: string, cursor?: string, limit?: number) =>
  call(
    api.channels[':id'].articles.$get({ param: { id: seg(idOrSlug) }, query: pageQuery(cursor, limit) }),
    articlePage,
  );
