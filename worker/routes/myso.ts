import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const mysoRoutes = new Hono<AppEnv>();
