// /api/channels: the channel list, one channel and its articles.
import * as z from 'zod/mini';
import { articleSummary, channel } from '../../schema/entities';
import { request, seg } from './client';

export const listChannels = () => request('GET', '/channels', z.array(channel));
export const getChannel = (idOrSlug: string) => request('GET', `/channels/${seg(idOrSlug)}`, channel);
export const listChannelArticles = (idOrSlug: string) => request('GET', `/channels/${seg(idOrSlug)}/articles`, z.array(articleSummary));
