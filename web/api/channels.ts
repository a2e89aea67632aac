// /api/channels: the channel list, one channel and its articles.
import * as z from 'zod/mini';
import { articlePage, channel } from '../../schema/entities';
import { api, call, pageQuery, seg } from './client';

export const listChannels = () => call(api.channels.$get(), z.array(channel));
export const getChannel = (idOrSlug: string) => call(api.channels[':id'].$get({ param: { id: seg(idOrSlug) } }), channel);
/** A page of the channel's articles (articleOrdinals.main first, then newest); `cursor` is the previous page's nextCursor. */
export const listChannelArticles = (idOrSlug: string, cursor?: string, limit?: number) =>
  call(api.channels[':id'].articles.$get({ param: { id: seg(idOrSlug) }, query: pageQuery(cursor, limit) }), articlePage);
