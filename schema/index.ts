export * from './entities';
export * from './requests';
export { ROLES, CONTENT_TYPES, PUBLICATION_STATUSES, REQUEST_STATES, ARTICLE_TYPES, MEDIA_KINDS, NEWS_REF_KINDS, SLUG_KINDS, CONTACT_KINDS } from './tables';
export type { Role, ContentType } from './tables';
