// /api/channels: the channel list, one channel and its articles.
import * as z from 'zod/mini';
import { articlePage, channel } from '../../schema/entities';
import { query, request, seg } from './client';

export const listChannels = () => request('GET', '/channels', z.array(channel));
export const getChannel = (idOrSlug: string) => request('GET', `/channels/${seg(idOrSlug)}`, channel);
/** A page of the channel's articles (articleOrdinals.main first, then newest); `cursor` is the previous page's nextCursor. */
export const listChannelArticles = (idOrSlug: string, cursor?: string, limit?: number) =>
  request('GET', `/channels/${seg(idOrSlug)}/articles${query({ cursor, limit })}`, articlePage);
