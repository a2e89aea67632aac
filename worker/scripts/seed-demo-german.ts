// The demo's German translations (issue 29): several articles (one with a gallery, one with formatted text), one
// channel, every category and every news item, all published, so a fresh `npm start` shows German content at /de/.
// Every other article stays untranslated, so its German page shows the fallback line. Keyed by the English title,
// channel key and category key of seed-demo-content.ts; a key that no longer exists there fails the seed.
import type { ArticleDocument } from '#schema/document';
import { plainText } from '#schema/document-text';
import { slugify } from '#schema/slugify';
import {
  articleTranslations,
  categoryTranslations,
  channelTranslations,
  newsTranslations,
  translationSlugs,
} from '#schema/tables';

export const GERMAN = 'de-DE';

const para = (text: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, text }] });

export const GERMAN_CATEGORIES: Record<string, string> = {
  travel: 'Reisen',
  europe: 'Europa',
  alps: 'Alpen',
  vienna: 'Wien',
  lisbon: 'Lissabon',
  outdoors: 'Draußen',
  forests: 'Wälder',
  food: 'Essen',
  baking: 'Backen',
  bread: 'Brot',
  pastry: 'Feingebäck',
  coffee: 'Kaffee',
  science: 'Wissenschaft',
  space: 'Weltraum',
  mars: 'Mars',
  moon: 'Mond',
  data: 'Daten',
};

export const GERMAN_CHANNELS: Record<string, { name: string; infoText: string }> = {
  cafe: {
    name: 'Kaffeehaus-Gesellschaft',
    infoText: 'Kaffeehäuser, Mehlspeisen und die Kunst, einen Nachmittag lang sitzen zu bleiben.',
  },
};

interface GermanArticle {
  title: string;
  teaser: string;
  /** The formatted text; plain paragraphs where the source is plain. */
  body: ArticleDocument;
  /** The gallery's or videos' titles in German, in the media's order. */
  mediaTitles?: string[];
}

export const GERMAN_ARTICLES: Record<string, GermanArticle> = {
  'Alps: a week on the high trail': {
    title: 'Alpen: eine Woche auf dem Höhenweg',
    teaser: 'Sieben Tage, vier Hütten und ein sehr steiler Pass.',
    body: {
      version: 1,
      children: [
        para(
          'Wir gingen von Hütte zu Hütte den Höhenweg entlang und brachen jeden Tag vor der Dämmerung auf, um den Gewittern am Nachmittag zuvorzukommen.',
        ),
      ],
    },
    mediaTitles: ['Gipfel im Morgengrauen', 'Ein stiller See', 'Die Berghütte'],
  },
  'Café culture in Vienna': {
    title: 'Kaffeehauskultur in Wien',
    teaser: 'Marmortische, Zeitungen am Stock und ein Glas Wasser zu jeder Tasse.',
    body: {
      version: 1,
      children: [
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'Das Wohnzimmer der Stadt' }] },
        {
          type: 'paragraph',
          children: [
            { type: 'text', text: 'Das Wiener Kaffeehaus ist ein ' },
            { type: 'text', text: 'Wohnzimmer', bold: true },
            { type: 'text', text: ' für die ganze Stadt. Bestellen Sie eine ' },
            { type: 'text', text: 'Melange', italic: true },
            { type: 'text', text: ' und bleiben Sie den ganzen Nachmittag.' },
          ],
        },
        {
          type: 'list',
          ordered: false,
          items: [
            { type: 'listItem', children: [para('Die Zeitung vom Stock nehmen')] },
            { type: 'listItem', children: [para('Das Glas Wasser kommt von selbst')] },
          ],
        },
        {
          type: 'quote',
          children: [{ type: 'text', text: 'Ein Kaffeehaus ist ein Ort, an dem man allein sein darf.' }],
        },
      ],
    },
    mediaTitles: ['Café Sperl', 'Nach der Oper'],
  },
  'The perfect Melange': {
    title: 'Die perfekte Melange',
    teaser: 'Halb Kaffee, halb Milchschaum, ganz Wien.',
    body: {
      version: 1,
      children: [para('Eine Melange ist kein Cappuccino: milder Kaffee, heiße Milch, ein Hauch Schaum.')],
    },
  },
  'Sourdough, step by step': {
    title: 'Sauerteig, Schritt für Schritt',
    teaser: 'Mehl, Wasser, Salz und Geduld.',
    body: { version: 1, children: [para('Ein gutes Sauerteigbrot braucht vor allem Zeit. Planen Sie zwei Tage ein.')] },
  },
};

export const GERMAN_NEWS: Record<string, { title: string; teaser: string }> = {
  'Coffee house season opens': { title: 'Die Kaffeehaussaison beginnt', teaser: 'Die Marmortische sind wieder frei.' },
  'New channel: Red Planet Review': { title: 'Neuer Kanal: Red Planet Review', teaser: 'Alles über den Mars.' },
  'Gliding over Tyrol': { title: 'Segelflug über Tirol', teaser: 'Lautlos über den Wolken.' },
  'Dunes that move': { title: 'Dünen, die wandern', teaser: 'Der Wind formt den Mars jeden Tag neu.' },
  'Follow the Alpine Journal': { title: 'Folgen Sie dem Alpine Journal', teaser: 'Neue Touren jede Woche.' },
  'Sourdough for members': { title: 'Sauerteig für Mitglieder', teaser: 'Das Rezept unserer Bäckerei.' },
  'Moon watching tonight': { title: 'Heute Nacht: Mondbeobachtung', teaser: 'Fernglas einpacken.' },
  'Open Data Lab is live': { title: 'Das Open Data Lab ist online', teaser: 'Offene Daten zum Ausprobieren.' },
  'How many trees?': { title: 'Wie viele Bäume?', teaser: 'Zählen aus der Luft.' },
  'Dessert of the week': { title: 'Dessert der Woche', teaser: 'Diesmal: Crème brûlée.' },
  'Café Society has a new look': { title: 'Die Kaffeehaus-Gesellschaft in neuem Kleid', teaser: 'Frisch gestaltet.' },
  'Autumn walks': { title: 'Herbstspaziergänge', teaser: 'Bunte Wälder, kurze Wege.' },
  'Fractal craters': { title: 'Fraktale Krater', teaser: 'Die Form der Einschläge.' },
};

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The German demo names ${what}, which the demo content lacks`);
  return value;
}

/** The German translation rows (published) of the demo's items and their slugs, from the items' ids. */
export function germanTranslationRows(ids: {
  categoryIds: ReadonlyMap<string, string>;
  channelIds: ReadonlyMap<string, string>;
  articleIds: ReadonlyMap<string, string>;
  /** The articles' media rows, for the translated media titles by media id. */
  media: readonly { id?: string; articleId: string; ordinal: number }[];
  news: readonly { id?: string; title: string }[];
  now: number;
}) {
  const used = new Set<string>();
  const slugs: (typeof translationSlugs.$inferInsert)[] = [];
  const slugFor = (text: string, entityId: string, entityKind: 'article' | 'channel' | 'category') => {
    const base = slugify(text);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    slugs.push({ language: GERMAN, slug, entityId, entityKind });
    return slug;
  };
  const state = { language: GERMAN, published: true, sourceTextVersion: 1, createdAt: ids.now, updatedAt: ids.now };
  const categories = Object.entries(GERMAN_CATEGORIES).map(([key, title]) => {
    const categoryId = must(ids.categoryIds.get(key), `category ${key}`);
    return { categoryId, title, slug: slugFor(title, categoryId, 'category'), ...state };
  });
  const channels = Object.entries(GERMAN_CHANNELS).map(([key, c]) => {
    const channelId = must(ids.channelIds.get(key), `channel ${key}`);
    return { channelId, ...c, slug: slugFor(c.name, channelId, 'channel'), ...state };
  });
  const articles = Object.entries(GERMAN_ARTICLES).map(([english, a]) => {
    const articleId = must(ids.articleIds.get(english), `article ${english}`);
    const own = ids.media.filter((m) => m.articleId === articleId).sort((x, y) => x.ordinal - y.ordinal);
    const mediaTitles = Object.fromEntries(
      (a.mediaTitles ?? []).map((title, i) => [must(own[i]?.id, `media ${i} of ${english}`), title]),
    );
    return {
      articleId,
      title: a.title,
      teaser: a.teaser,
      body: a.body,
      description: plainText(a.body),
      mediaTitles,
      slug: slugFor(a.title, articleId, 'article'),
      ...state,
    };
  });
  const news = Object.entries(GERMAN_NEWS).map(([english, n]) => ({
    newsId: must(ids.news.find((r) => r.title === english)?.id, `news item ${english}`),
    ...n,
    ...state,
  }));
  return {
    categories: categories satisfies (typeof categoryTranslations.$inferInsert)[],
    channels: channels satisfies (typeof channelTranslations.$inferInsert)[],
    articles: articles satisfies (typeof articleTranslations.$inferInsert)[],
    news: news satisfies (typeof newsTranslations.$inferInsert)[],
    slugs,
  };
}
