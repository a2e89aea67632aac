// The tab's title: the page's parts and the site name, joined the same way on every screen (docs/glossary.de-DE.md).
export const SITE_NAME = 'SO Portal';
export const TITLE_SEPARATOR = ' · ';

export const pageTitle = (...parts: string[]) => [...parts.filter(Boolean), SITE_NAME].join(TITLE_SEPARATOR);
