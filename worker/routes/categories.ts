import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const categoriesRoutes = new Hono<AppEnv>();
