// The demo portal as data: users, the category tree, channels, articles and news that `npm start` shows.
// Pictures and clips name files in ./demo-media. Keys (`alps`, `cafe`, ...) only link entries here.
import type { Role } from '#schema/tables';

export const DEMO_PASSWORD = 'demo-password';

export interface UserSpec {
  name: string;
  role: Role;
  firstName: string;
  lastName: string;
}

export const DEMO_USERS: UserSpec[] = [
  { name: 'admin', role: 'ADMIN', firstName: 'Ada', lastName: 'Admin' },
  { name: 'editor', role: 'CLIENT', firstName: 'Elena', lastName: 'Editor' },
  { name: 'contributor', role: 'CONTRIBUTOR', firstName: 'Carl', lastName: 'Contributor' },
  { name: 'reader', role: 'REGULAR_USER', firstName: 'Rita', lastName: 'Reader' },
];

export type UserName = 'admin' | 'editor' | 'contributor' | 'reader';

export interface CategorySpec {
  key: string;
  title: string;
  image?: string;
  children?: CategorySpec[];
}

export const CATEGORY_TREE: CategorySpec[] = [
  {
    key: 'travel',
    title: 'Travel',
    image: 'alps-peaks.jpg',
    children: [
      {
        key: 'europe',
        title: 'Europe',
        image: 'vienna-opera.jpg',
        children: [
          { key: 'alps', title: 'Alps', image: 'alps-lake.jpg' },
          { key: 'vienna', title: 'Vienna', image: 'vienna-cafe.jpg' },
          { key: 'lisbon', title: 'Lisbon', image: 'lisbon-coast.webp' },
        ],
      },
      {
        key: 'outdoors',
        title: 'Outdoors',
        children: [{ key: 'forests', title: 'Forests', image: 'forest-trail.jpg' }],
      },
    ],
  },
  {
    key: 'food',
    title: 'Food',
    image: 'sourdough.jpg',
    children: [
      {
        key: 'baking',
        title: 'Baking',
        children: [
          { key: 'bread', title: 'Bread' },
          { key: 'pastry', title: 'Pâtisserie', image: 'pastries.png' },
        ],
      },
      { key: 'coffee', title: 'Coffee' },
    ],
  },
  {
    key: 'science',
    title: 'Science',
    image: 'mars-sky.jpg',
    children: [
      {
        key: 'space',
        title: 'Space',
        image: 'moon-craters.webp',
        children: [
          { key: 'mars', title: 'Mars', image: 'mars-dunes.jpg' },
          { key: 'moon', title: 'Moon' },
        ],
      },
      { key: 'data', title: 'Data', image: 'data-lab.jpg' },
    ],
  },
];

export interface ChannelSpec {
  key: string;
  name: string;
  owner: UserName;
  infoText: string;
  portrait: string;
  banner?: string;
  cover?: { image: string } | { video: string; thumbnailMillis: number };
  categories: string[];
  private?: boolean;
  restricted?: boolean;
  hidden?: boolean;
  isAd?: boolean;
}

export const CHANNELS: ChannelSpec[] = [
  {
    key: 'alpine',
    name: 'Alpine Journal',
    owner: 'editor',
    infoText: 'Trails, huts and lakes from the Alps, walked and photographed by our travel desk.',
    portrait: 'portrait-travel.jpg',
    banner: 'banner-travel.jpg',
    cover: { image: 'alps-peaks.jpg' },
    categories: ['alps', 'europe', 'travel'],
  },
  {
    key: 'cafe',
    name: 'Café Society',
    owner: 'editor',
    infoText: 'Coffee houses, pastries and the people behind the counter.',
    portrait: 'portrait-food.jpg',
    banner: 'banner-food.jpg',
    cover: { video: 'clip-gradients.mp4', thumbnailMillis: 1200 },
    categories: ['coffee', 'vienna'],
  },
  {
    key: 'bread',
    name: 'Bread & Butter',
    owner: 'contributor',
    restricted: true,
    infoText: 'Baking notes for members: request access to read the full recipes.',
    portrait: 'portrait-food.jpg',
    banner: 'banner-food.jpg',
    cover: { image: 'sourdough.jpg' },
    categories: ['baking', 'bread', 'pastry'],
  },
  {
    key: 'mars',
    name: 'Red Planet Review',
    owner: 'contributor',
    infoText: 'Everything Mars, from dunes to sunsets, plus the occasional Moon.',
    portrait: 'portrait-space.jpg',
    banner: 'banner-space.webp',
    cover: { image: 'mars-dunes.jpg' },
    categories: ['mars', 'space'],
  },
  {
    key: 'lounge',
    name: "Members' Lounge",
    owner: 'editor',
    private: true,
    infoText: 'A private channel: only members with access see it.',
    portrait: 'portrait-studio.png',
    banner: 'banner-travel.jpg',
    cover: { image: 'vienna-opera.jpg' },
    categories: ['europe'],
  },
  {
    key: 'backstage',
    name: 'Backstage',
    owner: 'admin',
    hidden: true,
    infoText: 'A hidden channel: left out of lists and search, reachable by its link.',
    portrait: 'portrait-studio.png',
    categories: [],
  },
  {
    key: 'datalab',
    name: 'Open Data Lab',
    owner: 'editor',
    isAd: true,
    infoText: 'Charts, sensors and maps. Sponsored by the lab.',
    portrait: 'portrait-space.jpg',
    banner: 'banner-space.webp',
    cover: { image: 'data-lab.jpg' },
    categories: ['data', 'science'],
  },
];

export type MediaSpec =
  | { gallery: { file: string; title: string }[] }
  | { videos: { file: string; title: string; thumbnailMillis: number }[] };

export interface ArticleSpec {
  title: string;
  channel: string | null;
  /** Defaults to the channel's owner, else editor. */
  owner?: UserName;
  teaser: string;
  description: string;
  media?: MediaSpec;
  /** Thumbnail when the article has no gallery (a gallery's first picture is its thumbnail); also each video's poster. */
  thumbnail?: string;
  categories: string[];
  publishedAtCategory?: boolean;
  published?: boolean;
  hidden?: boolean;
  restricted?: boolean;
  isAd?: boolean;
  isEditorial?: boolean;
}

const g = (...files: [string, string][]): MediaSpec => ({ gallery: files.map(([file, title]) => ({ file, title })) });
const v = (...files: [string, string][]): MediaSpec => ({
  videos: files.map(([file, title]) => ({ file, title, thumbnailMillis: 1000 })),
});

export const ARTICLES: ArticleSpec[] = [
  // Alpine Journal
  {
    title: 'Alps: a week on the high trail',
    channel: 'alpine',
    categories: ['alps'],
    publishedAtCategory: true,
    teaser: 'Seven days, four huts and one very steep pass.',
    description:
      'We walked from hut to hut along the high trail, starting before dawn each day to beat the afternoon storms.',
    media: g(
      ['alps-peaks.jpg', 'Peaks at dawn'],
      ['alps-lake.jpg', 'A quiet lake'],
      ['alps-hut.jpg', 'The mountain hut'],
    ),
  },
  {
    title: 'Über den Wolken: a glider flight over Tyrol',
    channel: 'alpine',
    categories: ['alps'],
    teaser: 'Silent flight above the clouds, in three seconds of colour.',
    description: 'A short clip from the cockpit. Gliders ride thermals that rise from sun-warmed rock faces.',
    media: v(['clip-gradients.mp4', 'Above the clouds']),
    thumbnail: 'alps-peaks.jpg',
  },
  {
    title: 'Mountain huts worth the climb',
    channel: 'alpine',
    categories: ['alps'],
    teaser: 'Five huts where the soup alone justifies the ascent.',
    description: 'Most huts open from June to September. Book ahead in August and bring cash.',
    media: g(['alps-hut.jpg', 'Hut at 2,400 m'], ['forest-trail.jpg', 'The path up']),
  },
  {
    title: 'Lake Hallstatt before the crowds',
    channel: 'alpine',
    categories: ['alps', 'europe'],
    publishedAtCategory: true,
    teaser: 'Arrive at six and the lake is yours.',
    description: 'The first ferry leaves at half past six; by nine the village is full.',
    media: g(['alps-lake.jpg', 'Morning mist'], ['alps-peaks.jpg', 'Dachstein behind']),
  },
  {
    title: 'Packing light for the Alps',
    channel: 'alpine',
    categories: ['alps'],
    thumbnail: 'alps-hut.jpg',
    teaser: 'Seven kilos for seven days, and nothing missing.',
    description: 'A list, item by item, with the weight of each and what we would leave at home next time.',
  },
  {
    title: 'Lisbon coast by tram and on foot',
    channel: 'alpine',
    categories: ['lisbon'],
    publishedAtCategory: true,
    teaser: 'From Belém to Cascais without a car.',
    description: 'Tram 15 to Belém, the coastal train to Cascais, and the seaside path back as far as your feet allow.',
    media: g(['lisbon-coast.webp', 'Cascais bay'], ['city-grid.png', 'Baixa from above']),
  },
  {
    title: 'São Miguel hot springs',
    channel: 'alpine',
    categories: ['europe'],
    thumbnail: 'lisbon-coast.webp',
    teaser: 'Iron-red water at 38 degrees, in the middle of the Atlantic.',
    description: 'The Azores are a two-hour flight from Lisbon. Furnas has the warmest pools; wear an old swimsuit.',
  },
  // Café Society
  {
    title: 'Café culture in Vienna',
    channel: 'cafe',
    categories: ['vienna', 'coffee'],
    publishedAtCategory: true,
    isEditorial: true,
    teaser: 'Marble tables, newspapers on sticks and a glass of water with every cup.',
    description: 'The Viennese coffee house is a living room for the city. Order a Melange and stay all afternoon.',
    media: g(['vienna-cafe.jpg', 'Café Sperl'], ['vienna-opera.jpg', 'After the opera']),
  },
  {
    title: 'The perfect Melange',
    channel: 'cafe',
    categories: ['coffee'],
    thumbnail: 'vienna-cafe.jpg',
    teaser: 'Half espresso, half milk, all foam.',
    description: 'A Melange is not a cappuccino: the milk is steamed softer and the coffee is milder.',
  },
  {
    title: 'Vienna by night',
    channel: 'cafe',
    categories: ['vienna'],
    teaser: 'Where to go after the last tram.',
    description: 'Night cafés, sausage stands and a very late Sachertorte.',
    media: g(['vienna-opera.jpg', 'The opera lit up'], ['city-grid.png', 'Streets at midnight']),
  },
  {
    title: 'Crème brûlée at home',
    channel: 'cafe',
    categories: ['pastry'],
    teaser: 'Four ingredients and a blowtorch.',
    description: 'Bake the custard low and slow, chill it overnight, caramelise just before serving.',
    media: g(['pastries.png', 'Crème brûlée']),
  },
  {
    title: "A barista's morning, in three seconds",
    channel: 'cafe',
    categories: ['coffee'],
    teaser: 'The test pattern every espresso machine secretly runs.',
    description: 'A tiny clip to try the video player: play, pause and seek.',
    media: v(['clip-test-pattern.mp4', 'Morning routine']),
    thumbnail: 'vienna-cafe.jpg',
  },
  {
    title: 'Kaffeehaus etiquette',
    channel: 'cafe',
    categories: ['vienna'],
    thumbnail: 'vienna-opera.jpg',
    teaser: 'Never rush the waiter. Never.',
    description: 'Ten rules for the coffee house, from ordering to paying, as taught by a Herr Ober.',
  },
  // Bread & Butter (restricted channel)
  {
    title: 'Sourdough, step by step',
    channel: 'bread',
    categories: ['bread'],
    restricted: true,
    teaser: 'From a spoon of starter to a crackling crust.',
    description: 'Feed the starter the night before, mix at breakfast, shape at lunch, bake at dinner.',
    media: g(['sourdough.jpg', 'The crumb'], ['pastries.png', 'Rolls from the same dough']),
  },
  {
    title: 'Feeding your starter',
    channel: 'bread',
    categories: ['bread'],
    restricted: true,
    thumbnail: 'sourdough.jpg',
    teaser: 'Flour, water, patience.',
    description: 'Equal weights of flour and water, once a day, at the same temperature.',
  },
  {
    title: 'Laminated dough without tears',
    channel: 'bread',
    categories: ['pastry'],
    teaser: '27 layers of butter, one cold kitchen.',
    description: 'Keep everything cold, fold three times, rest between folds.',
    media: g(['pastries.png', 'Croissants'], ['sourdough.jpg', 'Resting dough']),
  },
  {
    title: 'Smørrebrød basics',
    channel: 'bread',
    categories: ['bread'],
    publishedAtCategory: true,
    thumbnail: 'sourdough.jpg',
    teaser: 'Danish open sandwiches on dark rye.',
    description: 'Butter to the edges, one main topping, and never more than you can lift with a fork.',
  },
  {
    title: 'Rye, spelt and einkorn',
    channel: 'bread',
    categories: ['baking'],
    thumbnail: 'sourdough.jpg',
    teaser: 'Old grains, new loaves.',
    description: 'How each flour behaves, how much water it drinks and what it tastes like.',
  },
  // Red Planet Review
  {
    title: 'Mars: dunes of Gale crater',
    channel: 'mars',
    categories: ['mars'],
    publishedAtCategory: true,
    teaser: 'Sand that moves a metre a year.',
    description: 'The Bagnold dunes are active: the wind reshapes them between one rover visit and the next.',
    media: g(['mars-dunes.jpg', 'Bagnold dunes'], ['mars-sky.jpg', 'Evening sky']),
  },
  {
    title: 'Why Martian sunsets are blue',
    channel: 'mars',
    categories: ['mars'],
    teaser: 'Fine dust scatters blue light forward.',
    description: 'On Earth the sky is blue and sunsets red; on Mars it is the other way round.',
    media: g(['mars-sky.jpg', 'Blue sunset']),
  },
  {
    title: 'Fractals and the shape of craters',
    channel: 'mars',
    categories: ['moon', 'space'],
    teaser: 'A Mandelbrot zoom in WebM, and what it says about impacts.',
    description: 'Crater sizes follow a power law; the clip is a reminder that simple rules make rich shapes.',
    media: v(['clip-mandelbrot.webm', 'Mandelbrot zoom']),
    thumbnail: 'moon-craters.webp',
  },
  {
    title: 'The Moon up close',
    channel: 'mars',
    categories: ['moon'],
    publishedAtCategory: true,
    teaser: 'Craters, maria and the terminator line.',
    description: 'The best time to look is not full moon: shadows along the terminator show the relief.',
    media: g(['moon-craters.webp', 'Near the terminator'], ['mars-sky.jpg', 'Earthshine']),
  },
  {
    title: 'Olympus Mons in numbers',
    channel: 'mars',
    categories: ['mars'],
    thumbnail: 'mars-dunes.jpg',
    teaser: '22 kilometres high, 600 wide.',
    description:
      'The largest volcano in the solar system is so wide that from its summit the slopes fall below the horizon.',
  },
  {
    title: 'Landing sites compared',
    channel: 'mars',
    categories: ['mars'],
    restricted: true,
    thumbnail: 'mars-sky.jpg',
    teaser: 'Jezero, Gale, Utopia: where and why.',
    description: 'Each site was chosen for a question: water, habitability, or simply a safe flat place to land.',
  },
  {
    title: 'Draft: Phobos and Deimos',
    channel: 'mars',
    categories: ['mars'],
    published: false,
    thumbnail: 'moon-craters.webp',
    teaser: 'Two small moons, one slowly falling.',
    description: 'Unpublished draft: Phobos spirals inward by about two metres per century.',
  },
  // Members' Lounge (private channel)
  {
    title: "Members' weekend in Vienna",
    channel: 'lounge',
    categories: ['vienna'],
    teaser: 'Programme and meeting points for the members’ weekend.',
    description: 'Saturday: coffee house tour. Sunday: the opera, then the night cafés.',
    media: g(['vienna-opera.jpg', 'Opera house'], ['vienna-cafe.jpg', 'Meeting point']),
  },
  {
    title: 'Lounge notes: spring programme',
    channel: 'lounge',
    categories: ['europe'],
    thumbnail: 'banner-travel.jpg',
    teaser: 'Three trips, one workshop.',
    description: 'Alps in May, Lisbon in June, a baking workshop in between.',
  },
  // Backstage (hidden channel)
  {
    title: 'Behind the portal',
    channel: 'backstage',
    categories: [],
    thumbnail: 'city-grid.png',
    teaser: 'How the portal is made.',
    description: 'One Worker, a database, a bucket of files and a lot of coffee.',
  },
  {
    title: 'How we shoot our clips',
    channel: 'backstage',
    categories: [],
    teaser: 'Two clips, two formats.',
    description: 'One MP4 and one WebM, so every browser has something to play.',
    media: v(['clip-test-pattern.mp4', 'MP4 test pattern'], ['clip-mandelbrot.webm', 'WebM fractal']),
    thumbnail: 'data-lab.jpg',
  },
  // Open Data Lab
  {
    title: 'In the data lab',
    channel: 'datalab',
    categories: ['data'],
    publishedAtCategory: true,
    teaser: 'Screens, sensors and a whiteboard nobody erases.',
    description: 'A visit to the lab that publishes the city’s open data.',
    media: g(['data-lab.jpg', 'The lab'], ['city-grid.png', 'Sensor map']),
  },
  {
    title: 'Counting trees from above',
    channel: 'datalab',
    categories: ['data', 'forests'],
    publishedAtCategory: true,
    teaser: 'Aerial pictures and a little arithmetic.',
    description: 'Canopy detection on aerial images gives a tree count within five percent of a survey on foot.',
    media: g(['forest-trail.jpg', 'Canopy'], ['data-lab.jpg', 'The model at work']),
  },
  {
    title: 'Charts that lie, and how to spot them',
    channel: 'datalab',
    categories: ['data'],
    thumbnail: 'data-lab.jpg',
    teaser: 'Truncated axes, cherry-picked ranges, 3D pies.',
    description: 'Five chart tricks and the one question that exposes each of them.',
  },
  {
    title: "Sponsored: the lab's new sensor kit",
    channel: 'datalab',
    categories: ['data'],
    isAd: true,
    thumbnail: 'city-grid.png',
    teaser: 'Measure air quality on your balcony.',
    description: 'An advertisement from our partner lab.',
  },
  // No channel: editorial pieces listed in their categories
  {
    title: "Editor's pick: autumn in the forest",
    channel: null,
    owner: 'editor',
    categories: ['forests', 'outdoors'],
    publishedAtCategory: true,
    isEditorial: true,
    teaser: 'Colour, mushrooms and the first frost.',
    description: 'Our favourite forest walks for October, all reachable by train.',
    media: g(['forest-trail.jpg', 'Beech forest'], ['alps-lake.jpg', 'Forest lake']),
  },
  {
    title: 'Welcome to the portal',
    channel: null,
    owner: 'admin',
    categories: [],
    isEditorial: true,
    thumbnail: 'banner-travel.jpg',
    teaser: 'News, channels and categories in one place.',
    description: 'Browse the news on the home page, follow channels, and search across everything.',
  },
  {
    title: 'Old announcement',
    channel: null,
    owner: 'admin',
    categories: [],
    hidden: true,
    thumbnail: 'city-grid.png',
    teaser: 'A hidden article: reachable by its link only.',
    description: 'Hidden articles are left out of lists and search.',
  },
];

export interface NewsSpec {
  title: string;
  teaser: string;
  description: string;
  ref: { article: string } | { channel: string };
  thumbnail: string;
  daysAgo: number;
  author: UserName;
}

export const NEWS: NewsSpec[] = [
  {
    title: 'Coffee house season opens',
    ref: { article: 'Café culture in Vienna' },
    thumbnail: 'vienna-cafe.jpg',
    daysAgo: 0,
    author: 'editor',
    teaser: 'Our guide to the Viennese café.',
    description: 'Marble tables, newspapers and a Melange: read the full guide.',
  },
  {
    title: 'New channel: Red Planet Review',
    ref: { channel: 'mars' },
    thumbnail: 'mars-dunes.jpg',
    daysAgo: 1,
    author: 'admin',
    teaser: 'Mars, weekly.',
    description: 'Dunes, sunsets and landing sites from our space desk.',
  },
  {
    title: 'Gliding over Tyrol',
    ref: { article: 'Über den Wolken: a glider flight over Tyrol' },
    thumbnail: 'alps-peaks.jpg',
    daysAgo: 1,
    author: 'editor',
    teaser: 'A short clip from the cockpit.',
    description: 'Watch the flight above the clouds.',
  },
  {
    title: 'Dunes that move',
    ref: { article: 'Mars: dunes of Gale crater' },
    thumbnail: 'mars-sky.jpg',
    daysAgo: 2,
    author: 'contributor',
    teaser: 'A metre a year.',
    description: 'The Bagnold dunes in pictures.',
  },
  {
    title: 'Follow the Alpine Journal',
    ref: { channel: 'alpine' },
    thumbnail: 'banner-travel.jpg',
    daysAgo: 3,
    author: 'editor',
    teaser: 'Trails, huts and lakes.',
    description: 'Our travel desk in the mountains.',
  },
  {
    title: 'Sourdough for members',
    ref: { article: 'Sourdough, step by step' },
    thumbnail: 'sourdough.jpg',
    daysAgo: 4,
    author: 'contributor',
    teaser: 'The full recipe, for members.',
    description: 'Request access to Bread & Butter to read it.',
  },
  {
    title: 'Moon watching tonight',
    ref: { article: 'The Moon up close' },
    thumbnail: 'moon-craters.webp',
    daysAgo: 5,
    author: 'contributor',
    teaser: 'Look along the terminator.',
    description: 'Why half moon beats full moon.',
  },
  {
    title: 'Open Data Lab is live',
    ref: { channel: 'datalab' },
    thumbnail: 'data-lab.jpg',
    daysAgo: 6,
    author: 'admin',
    teaser: 'Sponsored channel.',
    description: 'Charts, sensors and maps from our partner lab.',
  },
  {
    title: 'How many trees?',
    ref: { article: 'Counting trees from above' },
    thumbnail: 'forest-trail.jpg',
    daysAgo: 7,
    author: 'editor',
    teaser: 'Counting from the air.',
    description: 'Aerial pictures and a little arithmetic.',
  },
  {
    title: 'Dessert of the week',
    ref: { article: 'Crème brûlée at home' },
    thumbnail: 'pastries.png',
    daysAgo: 8,
    author: 'editor',
    teaser: 'Crack the crust.',
    description: 'Four ingredients and a blowtorch.',
  },
  {
    title: 'Café Society has a new look',
    ref: { channel: 'cafe' },
    thumbnail: 'banner-food.jpg',
    daysAgo: 10,
    author: 'editor',
    teaser: 'Now with a video cover.',
    description: 'Visit the channel page to see it.',
  },
  {
    title: 'Autumn walks',
    ref: { article: "Editor's pick: autumn in the forest" },
    thumbnail: 'forest-trail.jpg',
    daysAgo: 12,
    author: 'editor',
    teaser: 'Our favourite forest walks.',
    description: 'All reachable by train.',
  },
  {
    title: 'Fractal craters',
    ref: { article: 'Fractals and the shape of craters' },
    thumbnail: 'moon-craters.webp',
    daysAgo: 13,
    author: 'contributor',
    teaser: 'A Mandelbrot zoom.',
    description: 'Simple rules, rich shapes.',
  },
];
