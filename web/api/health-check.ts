// /api/healthCheck: references to articles that no longer exist, listed and removed (ADMIN).
import { healthCheck } from '#schema/entities';
import { api, call } from './client';

export const runHealthCheck = () => call(api.healthCheck.$get(), healthCheck);
export const fixHealthCheck = () => call(api.healthCheck.fix.$get(), healthCheck);
