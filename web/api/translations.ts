// The calls of /api/{kind}/{id}/translations (issue 29, decision 054): one translation as its editor sees it
// (drafts included), creating one, saving one with the version it started from (a stale one is 409, decision 029).
// These routes are lang-writes' work and not in the typed client's AppType on this branch yet, so the calls go
// through fetch and are parsed like every other answer (resultOf: the envelope, ApiError, the shared schema).
import * as z from 'zod/mini';
import { documentObject } from '#schema/document';
import { API_PREFIX, ApiError, resultOf, seg } from './client';

export type TranslationKind = 'articles' | 'channels' | 'categories' | 'news';

/** A translation as its editor sees it; the text fields its kind has (articles: title, teaser, body; …). */
export const translation = z.object({
  language: z.string(),
  slug: z.optional(z.nullable(z.string())),
  title: z.optional(z.string()),
  name: z.optional(z.string()),
  teaser: z.optional(z.string()),
  body: z.optional(z.nullable(documentObject)),
  description: z.optional(z.string()),
  infoText: z.optional(z.string()),
  /** An article's titles of its pictures or videos in this language, by medium. */
  mediaTitles: z.optional(z.record(z.string(), z.string())),
  state: z.enum(['draft', 'published']),
  outdated: z.boolean(),
  version: z.number(),
});
export type Translation = z.infer<typeof translation>;

/** The text a translation form sends (only its kind's fields). */
export type TranslationFields = Partial<
  Pick<Translation, 'title' | 'name' | 'teaser' | 'body' | 'description' | 'infoText' | 'mediaTitles'>
>;

const pathOf = (kind: TranslationKind, id: string, language?: string) =>
  `${API_PREFIX}/${kind}/${seg(id)}/translations${language ? `/${seg(language)}` : ''}`;

async function send(method: string, path: string, body?: unknown): Promise<Translation> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (err) {
    throw new ApiError(400, err instanceof Error && err.message ? err.message : 'Network Error', true);
  }
  const data: unknown = await response.json().catch(() => null);
  return resultOf(response.status, data, translation);
}

export const getTranslation = (kind: TranslationKind, id: string, language: string) =>
  send('GET', pathOf(kind, id, language));

export const createTranslation = (kind: TranslationKind, id: string, language: string, fields: TranslationFields) =>
  send('POST', pathOf(kind, id), { language, ...fields });

/** Saves over `version` (the one the form started from, or theirs when saving over a conflict). */
export const updateTranslation = (
  kind: TranslationKind,
  id: string,
  language: string,
  version: number,
  fields: TranslationFields,
) => send('PUT', pathOf(kind, id, language), { version, ...fields });
