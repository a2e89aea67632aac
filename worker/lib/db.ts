import { drizzle } from 'drizzle-orm/d1';
import * as tables from '../../schema/tables';
import type { Db } from '../env';

export function createDb(d1: D1Database): Db {
  return drizzle(d1, { schema: tables });
}

/** ISO string of an epoch-milliseconds column. */
export const iso = (millis: number) => new Date(millis).toISOString();
