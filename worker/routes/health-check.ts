import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const healthCheckRoutes = new Hono<AppEnv>();
