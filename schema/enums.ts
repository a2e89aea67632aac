// Enumerations shared by the tables, the zod schemas and the SPA. No drizzle import here: the SPA bundles this file.
export const ROLES = ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'] as const;
export const COVER_KINDS = ['image', 'video'] as const;
export const ARTICLE_TYPES = ['gallery', 'video', 'text'] as const;
export const MEDIA_KINDS = ['gallery', 'video'] as const;
export const NEWS_REF_KINDS = ['article', 'channel'] as const;
export const SLUG_KINDS = ['article', 'channel', 'category'] as const;
export const CONTENT_TYPES = ['article', 'channel'] as const;
/** REVOKED: an allowed request whose grant was taken away again. */
export const REQUEST_STATES = ['PENDING', 'ALLOWED', 'DENIED', 'REVOKED'] as const;
/** UNPUBLISHED: the owner or ADMIN took approved content back to draft before its expiry. */
export const PUBLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED', 'UNPUBLISHED'] as const;
export const CONTACT_KINDS = ['contact', 'orderChannel'] as const;
/** Which contact messages a list shows: not yet handled, or handled. */
export const MESSAGE_STATES = ['open', 'handled'] as const;
/** A resumable upload: receiving parts, complete (not yet attached), attached (being taken by an entity write). */
export const UPLOAD_STATUSES = ['open', 'complete', 'attached'] as const;
/** What a resumable upload may carry: big videos (images go in one request). */
export const RESUMABLE_TYPES = ['video/mp4', 'video/webm'] as const;
/** The languages of the SPA and of the mails. */
export const LOCALES = ['en-US', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export type Role = (typeof ROLES)[number];
export type ContentType = (typeof CONTENT_TYPES)[number];
/** Widths (px) of the smaller copies the SPA makes of an uploaded image; `?w=` of the file route picks one. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1920] as const;
