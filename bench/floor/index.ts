// The floor of `npm run bench`: the reads the bench measures, answered by plain Hono on D1 with one prepared
// statement each and no session, validation or envelope. Paths are the project's, so the runner sends the
// same requests to both. Each statement returns the rows the project shows a visitor, in the same order,
// with the plain column filters (published, hidden, private) and nothing per viewer: a signed-in request
// gets the visitor's answer. SQLite builds the JSON and the worker passes the text through; lists carry the
// columns a card needs and leave articleOrdinals out (docs/decisions/012-benchmark.md).
import { Hono } from 'hono';

interface FloorEnv {
  DB: D1Database;
  /** "1" (`--var FLOOR_LOG:1`): one request log line of the project's shape, for the bench's CPU step. */
  FLOOR_LOG?: string;
}

const app = new Hono<{ Bindings: FloorEnv }>().basePath('/api');

// The project's request log line (worker/middleware/request-log.ts) and nothing else of its middleware: what the line
// costs the local runtime, which formats every console line for the terminal, is then the same on both sides.
app.use(async (c, next) => {
  if (c.env.FLOOR_LOG !== '1') return next();
  const started = Date.now();
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  await next();
  c.res.headers.set('X-Request-Id', requestId);
  const line = {
    message: 'request',
    requestId,
    method: c.req.method,
    route: c.req.routePath,
    path: c.req.path,
    status: c.res.status,
    durationMs: Date.now() - started,
    userId: null,
  };
  console.info(line);
});

/** An article in a published, non-private channel or in none: what a visitor may see. */
const PUBLIC_CHANNEL = `(a.channel_id is null or exists (
  select 1 from channels ch where ch.id = a.channel_id and ch.published = 1 and ch.private = 0))`;

const ARTICLE_CARD = `'id', a.id, 'slug', a.slug, 'title', a.title, 'teaser', a.teaser, 'type', a.type, 'channelId', a.channel_id,
  'userId', a.user_id, 'thumbnailKey', a.thumbnail_key, 'restricted', a.restricted, 'isAd', a.is_ad,
  'isEditorial', a.is_editorial, 'createdAt', a.created_at`;

const CHANNEL_CARD = `'id', c.id, 'slug', c.slug, 'name', c.name, 'userId', c.user_id, 'infoText', c.info_text,
  'portraitKey', c.portrait_key, 'bannerKey', c.banner_key, 'coverKind', c.cover_kind, 'coverKey', c.cover_key,
  'restricted', c.restricted, 'isAd', c.is_ad, 'createdAt', c.created_at,
  'categoryIds', (select json_group_array(category_id) from (
    select category_id from channel_categories where channel_id = c.id order by ordinal))`;

/** One JSON text column built by SQLite, passed through as the body. */
async function jsonBody(statement: D1PreparedStatement): Promise<Response> {
  const body = await statement.first<string>('body');
  return body === null
    ? new Response('null', { status: 404, headers: { 'Content-Type': 'application/json' } })
    : new Response(body, { headers: { 'Content-Type': 'application/json' } });
}

app.get('/articles/:id', (c) =>
  jsonBody(
    c.env.DB.prepare(
      `
  select json_object(
    'id', a.id, 'slug', a.slug, 'title', a.title, 'description', a.description, 'teaser', a.teaser, 'type', a.type,
    'channelId', a.channel_id, 'userId', a.user_id, 'thumbnailKey', a.thumbnail_key, 'published', a.published,
    'publishedAtCategory', a.published_at_category, 'hidden', a.hidden, 'restricted', a.restricted, 'isAd', a.is_ad,
    'isEditorial', a.is_editorial, 'mediaKind', a.media_kind, 'createdAt', a.created_at, 'updatedAt', a.updated_at,
    'categoryIds', (select json_group_array(category_id) from (
      select category_id from article_categories where article_id = a.id order by ordinal)),
    'media', (select json_group_array(json_object('id', m.id, 'ordinal', m.ordinal, 'kind', m.kind, 'title', m.title,
      'blobKey', m.blob_key, 'thumbnailMillis', m.thumbnail_millis, 'thumbnailKey', m.thumbnail_key)) from (
      select * from article_media where article_id = a.id order by ordinal) m)
  ) as body
  from articles a where a.id = ?1 and a.published = 1 and ${PUBLIC_CHANNEL}`,
    ).bind(c.req.param('id')),
  ),
);

/**
 * The first 24 (and one more, to know there is a next page): articleOrdinals.main first, then newest. The order is
 * the project's index (channel_id, channel_rank, created_at desc, id), which triggers keep from articleOrdinals.
 */
app.get('/channels/:id/articles', (c) =>
  jsonBody(
    c.env.DB.prepare(
      `
  select json_group_array(json_object(${ARTICLE_CARD})) as body from (
    select a.* from articles a
    where a.channel_id = ?1 and a.published = 1 and a.hidden = 0 and ${PUBLIC_CHANNEL}
    order by a.channel_rank, a.created_at desc, a.id
    limit 25) a`,
    ).bind(c.req.param('id')),
  ),
);

app.get('/categories/:id/children', (c) =>
  jsonBody(
    c.env.DB.prepare(
      `
  select json_object(
    'categories', (select json_group_array(json_object('id', g.id, 'parentId', g.parent_id, 'title', g.title,
      'imageKey', g.image_key, 'slug', g.slug, 'ordinal', g.ordinal)) from (
      select * from categories where parent_id = ?1 order by ordinal, title) g),
    'channels', (select json_group_array(json_object(${CHANNEL_CARD})) from (
      select ch.* from channel_categories cc join channels ch on ch.id = cc.channel_id
      where cc.category_id = ?1 and ch.published = 1 and ch.hidden = 0 and ch.private = 0
      order by cc.ordinal, ch.name) c),
    'articles', (select json_group_array(json_object(${ARTICLE_CARD})) from (
      select a.* from article_categories ac join articles a on a.id = ac.article_id
      where ac.category_id = ?1 and a.published_at_category = 1 and a.published = 1 and a.hidden = 0 and ${PUBLIC_CHANNEL}
      order by ac.ordinal, ac.article_title, ac.article_id limit 25) a)
  ) as body
  from categories where id = ?1`,
    ).bind(c.req.param('id')),
  ),
);

app.get('/news', (c) =>
  jsonBody(
    c.env.DB.prepare(
      `
  select json_group_array(json_object('id', id, 'title', title, 'description', description, 'teaser', teaser,
    'refKind', ref_kind, 'refId', ref_id, 'refSlug', ref_slug, 'thumbnailKey', thumbnail_key, 'userId', user_id,
    'publishedAt', published_at)) as body from (
    select n.*, coalesce(a.slug, c.slug) as ref_slug from news n
    left join articles a on n.ref_kind = 'article' and a.id = n.ref_id
    left join channels c on n.ref_kind = 'channel' and c.id = n.ref_id
    where n.published_at <= ?1 and (
      (a.id is not null and a.published = 1 and ${PUBLIC_CHANNEL})
      or (c.id is not null and c.published = 1 and c.private = 0))
    order by n.published_at desc, n.id desc limit 21)`,
    ).bind(Date.now()),
  ),
);

/** Every word a quoted prefix, all required: the project's FTS query without its limits. */
app.post('/search/search', async (c) => {
  const { searchText } = await c.req.json<{ searchText: string }>();
  const words = (searchText.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).map((w) => `"${w}"*`).join(' AND ');
  // The items' own text, as an English reader's search (decision 056): title and body, not the German alternates.
  const query = words ? `{title body} : (${words})` : words;
  return jsonBody(
    c.env.DB.prepare(
      `
    select json_group_array(json_object('value', entity_id, 'label', title, 'kind', kind, 'thumbnailKey', thumbnail_key)) as body from (
      select s.kind, s.entity_id, s.title, coalesce(a.thumbnail_key, c.portrait_key, g.image_key) as thumbnail_key
      from search_index s
      left join articles a on s.kind = 'article' and a.id = s.entity_id
      left join channels c on s.kind = 'channel' and c.id = s.entity_id
      left join categories g on s.kind = 'category' and g.id = s.entity_id
      where search_index match ?1 and s.language = '' and (
        (a.id is not null and a.published = 1 and a.hidden = 0 and ${PUBLIC_CHANNEL})
        or (c.id is not null and c.published = 1 and c.hidden = 0 and c.private = 0)
        or g.id is not null)
      order by bm25(search_index, 0.0, 0.0, 0.0, 10.0, 1.0, 2.0), s.title limit 20)`,
    ).bind(query),
  );
});

app.get('/channels', (c) =>
  jsonBody(
    c.env.DB.prepare(`
  select json_group_array(json_object(${CHANNEL_CARD})) as body from (
    select * from channels c where published = 1 and hidden = 0 and private = 0 order by name collate nocase, id) c`),
  ),
);

export default app;
