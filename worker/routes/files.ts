import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const filesRoutes = new Hono<AppEnv>();
