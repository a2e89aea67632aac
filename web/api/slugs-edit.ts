// /api/slugs: giving an article or channel a new address (the workspace). The look-ups are in slugs.ts, which the
// first visit loads (docs/decisions/023-screen-kit.md).
import { slugRecord } from '#schema/entities';
import { api, call, seg } from './client';

/** Gives an article or channel a new address (its old slug stops working). */
export const putSlug = (entityId: string, slug: string, kind: 'article' | 'channel') =>
  call(api.slugs[':entityId'].$put({ param: { entityId: seg(entityId) }, json: { slug, kind } }), slugRecord);
