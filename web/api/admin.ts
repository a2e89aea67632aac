// /api/admin: the admin workspace's badge counts (pending access requests, pending publications, unread messages).
import { adminCounts } from '#schema/entities';
import { api, call } from './client';

export const getAdminCounts = () => call(api.admin.counts.$get(), adminCounts);
