import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const publicationsRoutes = new Hono<AppEnv>();
