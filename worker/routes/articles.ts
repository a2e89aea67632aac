import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const articlesRoutes = new Hono<AppEnv>();
