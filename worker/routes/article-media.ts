import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const articleMediaRoutes = new Hono<AppEnv>();
