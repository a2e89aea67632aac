// /api/search: the one search over articles, channels and categories.
import * as z from 'zod/mini';
import { searchItem } from '../../schema/entities';
import { request } from './client';

export const search = (text: string) => request('POST', '/search/search', z.array(searchItem), { json: { searchText: text } });
