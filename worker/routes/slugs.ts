import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const slugsRoutes = new Hono<AppEnv>();
