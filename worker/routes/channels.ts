import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const channelsRoutes = new Hono<AppEnv>();
