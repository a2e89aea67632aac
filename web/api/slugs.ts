// /api/slugs: slug look-ups, and the rule that turns a route's id-or-slug into an id.
import { slugRecord } from '#schema/entities';
import { isUuid } from '#schema/urls';
import { api, call, seg } from './client';

export const getSlug = (slug: string) => call(api.slugs[':slug'].$get({ param: { slug: seg(slug) } }), slugRecord);

/**
 * A category route may carry a slug instead of an id; it is resolved to an entity id through
 * GET /slugs/{slug}, and when no id is found the slug itself is used as the id (whatever made the
 * look-up fail: the category call that follows reports its own error). Uuids skip the look-up.
 */
export async function resolveCategoryId(idOrSlug: string): Promise<string> {
  if (isUuid(idOrSlug)) return idOrSlug;
  try {
    return (await getSlug(idOrSlug)).entityId;
  } catch {
    return idOrSlug;
  }
}
