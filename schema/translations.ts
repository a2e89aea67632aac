// Translations of articles, channels, categories and news items (issue 29, docs/decisions/054-translations.md): the
// request bodies and path of `/api/{kind}/{id}/translations[/{language}]` and the translation as its editor sees it.
// Apart from requests.ts and entities.ts so the content forms load these only with the translation editor.
import * as z from 'zod/mini';
import { documentObject } from './document';
import { articleDocument } from './document-input';
import { id, isoDateTime } from './entities';
import { LIMITS } from './limits';
import { int } from './mini';
import { baseVersion, slug } from './requests';

export const TRANSLATION_KINDS = ['articles', 'channels', 'categories', 'news'] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];
export const TRANSLATION_STATES = ['draft', 'published'] as const;

const title = z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.title));
const teaser = z.string().check(z.maxLength(LIMITS.teaser));
const longText = z.string().check(z.maxLength(LIMITS.text));
/** A language tag as a client sends it (`de-DE` or `de`, any case); the worker checks it is configured. */
export const languageTag = z
  .string()
  .check(z.minLength(2), z.maxLength(35), z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]+)*$/));

/** `/{kind}/{id}/translations/{language}`: the item by id (or slug, where the kind has one) and the language. */
export const translationParam = z.object({ id: z.union([id, slug]), language: languageTag });

/** The titles of an article's pictures and videos in the translation, by the media's id. */
const mediaTitles = z.record(id, z.string().check(z.maxLength(LIMITS.title)));
/** Publishing and unpublishing are for whoever may publish the item directly (ADMIN; a news item's writer). */
const published = z.optional(z.boolean());

const articleFields = {
  teaser: z.optional(teaser),
  body: z.optional(z.nullable(articleDocument)),
  mediaTitles: z.optional(mediaTitles),
  slug: z.optional(slug),
  published,
};
const channelFields = { infoText: z.optional(longText), slug: z.optional(slug), published };
const categoryFields = { description: z.optional(longText), slug: z.optional(slug), published };
const newsFields = { teaser: z.optional(teaser), published };

export const createArticleTranslationBody = z.object({ language: languageTag, title, ...articleFields });
export const createChannelTranslationBody = z.object({ language: languageTag, name: title, ...channelFields });
export const createCategoryTranslationBody = z.object({ language: languageTag, title, ...categoryFields });
export const createNewsTranslationBody = z.object({ language: languageTag, title, ...newsFields });

/** `version`: the one the save started from; 409 when the translation moved on (nothing is written). */
const version = z.optional(baseVersion);
export const updateArticleTranslationBody = z.object({ version, title: z.optional(title), ...articleFields });
export const updateChannelTranslationBody = z.object({ version, name: z.optional(title), ...channelFields });
export const updateCategoryTranslationBody = z.object({ version, title: z.optional(title), ...categoryFields });
export const updateNewsTranslationBody = z.object({ version, title: z.optional(title), ...newsFields });

export type CreateTranslationBody =
  | z.infer<typeof createArticleTranslationBody>
  | z.infer<typeof createChannelTranslationBody>
  | z.infer<typeof createCategoryTranslationBody>
  | z.infer<typeof createNewsTranslationBody>;
export type UpdateTranslationBody =
  | z.infer<typeof updateArticleTranslationBody>
  | z.infer<typeof updateChannelTranslationBody>
  | z.infer<typeof updateCategoryTranslationBody>
  | z.infer<typeof updateNewsTranslationBody>;

/** What every translation answers besides its text. */
const state = {
  itemId: id,
  language: z.string(),
  state: z.enum(TRANSLATION_STATES),
  /** The item's text changed since the translation was last saved. */
  outdated: z.boolean(),
  /** The version a save starts from (send it back as `version`). */
  version: int(),
  /** The item's text version this translation was last saved against. */
  sourceTextVersion: int(),
  updatedAt: isoDateTime,
};

export const articleTranslation = z.object({
  ...state,
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  /** The document's plain text. */
  description: z.string(),
  body: z.nullable(documentObject),
  mediaTitles: z.record(z.string(), z.string()),
});
export const channelTranslation = z.object({ ...state, slug: z.string(), name: z.string(), infoText: z.string() });
export const categoryTranslation = z.object({ ...state, slug: z.string(), title: z.string(), description: z.string() });
export const newsTranslation = z.object({ ...state, slug: z.null(), title: z.string(), teaser: z.string() });

export type ArticleTranslation = z.infer<typeof articleTranslation>;
export type ChannelTranslation = z.infer<typeof channelTranslation>;
export type CategoryTranslation = z.infer<typeof categoryTranslation>;
export type NewsTranslation = z.infer<typeof newsTranslation>;
export type Translation = ArticleTranslation | ChannelTranslation | CategoryTranslation | NewsTranslation;
