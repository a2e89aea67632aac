import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const imageOptionsRoutes = new Hono<AppEnv>();
