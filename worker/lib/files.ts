/** Where the worker serves a stored R2 object; every `*Href`/`href` in an entity is built here. */
export const FILES_PATH = '/api/files/';

export function fileHref(key: string | null | undefined): string | null {
  return key ? FILES_PATH + key : null;
}
