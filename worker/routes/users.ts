import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const usersRoutes = new Hono<AppEnv>();
