// /api/news: the news feed, page by page.
import { newsItem, newsPage } from '#schema/entities';
import { api, call, pageQuery, seg } from './client';

export const listNews = (cursor?: string, limit?: number) =>
  call(api.news.$get({ query: pageQuery(cursor, limit) }), newsPage);
export const getNews = (id: string) => call(api.news[':id'].$get({ param: { id: seg(id) } }), newsItem);
