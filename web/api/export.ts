// /api/export: the content as one ZIP archive (decision 036). A download, not a call: the browser fetches it through
// a link, so the archive streams to disk instead of into the page's memory.
import type { ExportQuery } from '#schema/export';
import { API_PREFIX } from './client';

/** The archive's address: `own` (the caller's content) or `all` (ADMIN), files listed by URL or included. */
export function exportArchiveHref(scope: ExportQuery['scope'], media: ExportQuery['media'] = 'urls'): string {
  const query = new URLSearchParams();
  if (scope !== 'own') query.set('scope', scope);
  if (media !== 'urls') query.set('media', media);
  const search = query.toString();
  return `${API_PREFIX}/export${search ? `?${search}` : ''}`;
}
