import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const newsRoutes = new Hono<AppEnv>();
