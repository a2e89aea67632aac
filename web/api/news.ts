// /api/news: the news feed, page by page.
import { newsItem, newsPage } from '../../schema/entities';
import { query, request, seg } from './client';

export const listNews = (cursor?: string, limit?: number) => request('GET', `/news${query({ cursor, limit })}`, newsPage);
export const getNews = (id: string) => request('GET', `/news/${seg(id)}`, newsItem);
