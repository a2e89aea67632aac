import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const userContentRoutes = new Hono<AppEnv>();
