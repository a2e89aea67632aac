// Helpers of the route modules' heads (worker/pages/head.ts renders the tags).

import { homePath } from '#schema/urls';

export const SITE_NAME = 'SO Portal';
/** The site's picture: og:image of every page that has none of its own (web/public/icon-512.png). */
export const SITE_IMAGE = { href: '/icon-512.png', width: 512, height: 512 };

/** The portal as schema.org's Organization (the publisher, the author of what has none). */
export const organization = (abs: (path: string) => string) => ({
  '@type': 'Organization',
  name: SITE_NAME,
  url: abs(homePath()),
  logo: { '@type': 'ImageObject', url: abs(SITE_IMAGE.href) },
});
/** How much of a text a description keeps. */
const DESCRIPTION_LENGTH = 160;

/** The start of a text, cut at a word, with an ellipsis when cut. */
export function excerpt(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2))}…`;
}

/** The page's picture, when it has one. */
export const picture = (href: string | null | undefined, alt: string) => (href ? { href, alt } : null);

/** A list's description: what it is, and the first of what it lists. */
export const listDescription = (label: string, names: string[]) =>
  names.length > 0 ? excerpt(`${label}: ${names.slice(0, 8).join(', ')}`) : '';
