// The OpenAPI document: served publicly and cacheably, complete (every registered route and nothing else),
// sound in shape, and stating what the routes check. The authorization matrix holds every route's documented
// statuses and result schema to real answers; the e2e test validates the served document against the
// official OpenAPI 3.1 schema.
import { exports } from 'cloudflare:workers';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '#worker/app';
import { routeDocs } from '#worker/openapi/route-docs';
import { describe as describeRoute } from '#worker/lib/route-doc';
import { OPENAPI_CACHE_CONTROL } from '#worker/routes/openapi';
import { BASE } from './helpers';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

const fetchDocument = (init?: RequestInit) => exports.default.fetch(new Request(`${BASE}/api/openapi.json`, init));

/** Hono's `/api/files/:key{.+}` as OpenAPI writes it: `/api/files/{key}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

let doc: Json;
beforeAll(async () => {
  doc = await (await fetchDocument()).json();
});

const operation = (method: string, path: string): Json => {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`No ${method} ${path} in the document`);
  return op;
};

/** Follows a local `$ref` (`#/components/...`) to what it names. */
function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Not a local $ref: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .reduce<any>((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  it('is public JSON that caches may keep, with an ETag, and open to other origins', async () => {
    const res = await fetchDocument();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toBe(OPENAPI_CACHE_CONTROL);
    expect(OPENAPI_CACHE_CONTROL).toMatch(/^public, max-age=\d+$/);
    expect(res.headers.get('ETag')).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect((await res.json<Json>()).openapi).toBe('3.1.0');
  });

  it('answers 304 to a matching If-None-Match, and HEAD with the headers but no body', async () => {
    const first = await fetchDocument();
    await first.arrayBuffer();
    const etag = first.headers.get('ETag')!;

    const again = await fetchDocument({ headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(again.headers.get('Cache-Control')).toBe(OPENAPI_CACHE_CONTROL);
    expect(await again.text()).toBe('');

    const head = await fetchDocument({ method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(head.headers.get('ETag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('answers the same document to a signed-in caller (it depends on nothing but the code)', async () => {
    const res = await fetchDocument({ headers: { Cookie: 'session=not-a-session' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(doc);
  });
});

describe('the OpenAPI document', () => {
  it('lists every route the app registers, and no other', () => {
    const registered = new Set(
      app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`),
    );
    const documented = new Set(
      Object.entries(doc.paths as Json).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((k) => METHODS.includes(k))
          .map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const missing = [...registered].filter((r) => !documented.has(r));
    const stale = [...documented].filter((r) => !registered.has(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    expect(registered.size).toBeGreaterThan(60);
  });

  it('has the shape of OpenAPI 3.1: info, paths, components, unique operation ids, responses, declared path parameters', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.components).sort()).toEqual(['responses', 'schemas', 'securitySchemes']);
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-session',
    });
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      expect(path).toMatch(/^\/api\//);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        expect(METHODS).toContain(method);
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(ids.has(op.operationId), `operationId ${op.operationId} twice`).toBe(false);
        ids.add(op.operationId);
        expect(op.summary, `${method} ${path}`).toEqual(expect.any(String));
        expect(
          // 101: the co-editing room's WebSocket upgrade (decision 051) succeeds by switching protocols.
          Object.keys(op.responses).some((s) => /^(2\d\d|101)$/.test(s)),
          `${method} ${path} has a success answer`,
        ).toBe(true);
        expect(op.responses.default).toEqual({ $ref: '#/components/responses/Error' });
        const pathParameters = (op.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
        expect(pathParameters, `${method} ${path}`).toEqual(templated);
        for (const p of op.parameters ?? [])
          expect(p.schema, `${method} ${path} ${p.name}`).toEqual(expect.any(Object));
        for (const requirement of op.security)
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      }
    }
  });

  it('resolves every $ref inside itself, and keeps no unused schema', () => {
    const refs = refsIn(doc);
    for (const ref of new Set(refs)) expect(resolve(ref), ref).toEqual(expect.any(Object));
    const used = new Set(
      refs.filter((r) => r.startsWith('#/components/schemas/')).map((r) => r.slice('#/components/schemas/'.length)),
    );
    expect(Object.keys(doc.components.schemas).filter((name) => !used.has(name))).toEqual([]);
  });

  it('answers each result inside the envelope, errors as the error envelope', () => {
    const answer = operation('get', '/api/articles/{id}').responses;
    expect(Object.keys(answer).sort()).toEqual(['200', '400', '404', 'default']);
    expect(answer['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['code', 'message', 'result'],
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        result: { $ref: '#/components/schemas/Article' },
      },
    });
    expect(answer['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(doc.components.responses.NotFound.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
    // Errors carry null or the refused fields; every 400 lists them (docs/decisions/043-structured-errors.md).
    expect(doc.components.schemas.ErrorEnvelope.properties.result).toEqual({
      anyOf: [{ $ref: '#/components/schemas/IssuesResult' }, { type: 'null' }],
    });
    expect(answer['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    expect(doc.components.responses.BadRequest.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/InvalidInputEnvelope',
    });
    expect(doc.components.schemas.InvalidInputEnvelope.properties.result).toEqual({
      $ref: '#/components/schemas/IssuesResult',
    });
    expect(doc.components.schemas.IssuesResult).toMatchObject({
      type: 'object',
      required: ['issues'],
      properties: { issues: { type: 'array', items: { $ref: '#/components/schemas/FieldIssue' } } },
    });
    expect(doc.components.schemas.FieldIssue).toMatchObject({
      type: 'object',
      required: ['path', 'code', 'message'],
      properties: {
        path: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
        code: { type: 'string' },
        message: { type: 'string' },
      },
    });
    expect(doc.components.schemas.Article.required).toEqual(
      expect.arrayContaining(['id', 'slug', 'title', 'media', 'locked']),
    );
    // A list: the array of the shared entity, inline; a paged list: its page schema.
    expect(
      operation('get', '/api/categories').responses['200'].content['application/json'].schema.properties.result,
    ).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Category' } });
    expect(
      operation('get', '/api/users').responses['200'].content['application/json'].schema.properties.result,
    ).toEqual({ $ref: '#/components/schemas/UserPage' });
    // Adding gallery images answers the article and which entries the call created, by the request's file tags.
    const added = operation('post', '/api/articles/{id}/media/images');
    expect(added.responses['201'].content['application/json'].schema.properties.result).toEqual({
      $ref: '#/components/schemas/ArticleWithAddedImages',
    });
    expect(added.description).toMatch(/`added`.*order of the request/s);
    expect(doc.components.schemas.ArticleWithAddedImages.required).toEqual(expect.arrayContaining(['id', 'added']));
    expect(doc.components.schemas.ArticleWithAddedImages.properties.added.items).toEqual({
      $ref: '#/components/schemas/AddedImage',
    });
    expect(doc.components.schemas.AddedImage.required).toEqual(['id', 'imageFileTag']);
    // Created and already-there are both successes of a like.
    expect(Object.keys(operation('post', '/api/myso/user-articles').responses)).toEqual(
      expect.arrayContaining(['200', '201']),
    );
    expect(operation('post', '/api/users/auth').responses).toHaveProperty('429');
    expect(doc.components.responses.TooManyRequests.headers).toHaveProperty('Retry-After');
  });

  it('states the auth each route checks: guards, inherited guards, ownership, cross-site refusal', () => {
    const admin = operation('get', '/api/users');
    expect(admin['x-auth']).toEqual({ level: 'admin', tokenScope: 'read', roles: ['ADMIN'] });
    expect(admin.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(Object.keys(admin.responses)).toEqual(expect.arrayContaining(['401', '403']));

    const editor = operation('post', '/api/articles');
    expect(editor['x-auth']).toMatchObject({ level: 'editor', roles: ['CLIENT', 'CONTRIBUTOR', 'ADMIN'] });

    // mySO is guarded once for the whole group (`.use('*', requireUser)`).
    const myso = operation('get', '/api/myso/vm');
    expect(myso['x-auth']).toEqual({
      level: 'signed-in',
      tokenScope: 'read',
      roles: ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'],
    });
    expect(myso.responses).toHaveProperty('401');

    const account = operation('put', '/api/users/{id}');
    expect(account['x-auth']).toMatchObject({ level: 'signed-in', ownerOrAdmin: 'the account itself' });
    expect(account.description).toContain('Only the account itself or an ADMIN');
    expect(account.responses).toHaveProperty('403');

    const open = operation('get', '/api/news');
    expect(open['x-auth']).toEqual({ level: 'anonymous', tokenScope: 'read' });
    expect(open.security).toEqual([{}, { session: [] }, { bearer: [] }]);
    expect(open.responses).not.toHaveProperty('401');
    expect(open.responses).not.toHaveProperty('403');

    // A GET that changes state refuses cross-site requests like every unsafe method.
    const allow = operation('get', '/api/userContent/allow-request/{id}');
    expect(allow.description).toContain('refused cross-site');
    expect(operation('post', '/api/contact').responses).toHaveProperty('403');
  });

  it('declares the bearer scheme of API tokens beside the cookie, and what each operation needs of a token', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearer.description).toContain('sop_');
    expect(doc.info.description).toContain('Authorization: Bearer sop_');
    const write = operation('post', '/api/articles');
    expect(write.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(write['x-auth'].tokenScope).toBe('full');
    expect(write.description).toContain('only one of scope `full`');
    expect(operation('post', '/api/search/search')['x-auth'].tokenScope).toBe('read');
    expect(operation('get', '/api/userContent/allow-request/{id}')['x-auth'].tokenScope).toBe('full');
    // Managing tokens, sessions and the account takes the session alone.
    for (const [method, path] of [
      ['post', '/api/tokens'],
      ['delete', '/api/tokens/{id}'],
      ['get', '/api/sessions'],
      ['delete', '/api/users/{id}'],
    ] as const) {
      const op = operation(method, path);
      expect(op.security, `${method} ${path}`).toEqual([{ session: [] }]);
      expect(op['x-auth'].tokenScope).toBe('session');
      expect(op.description).toContain('refused (403) with an API token');
      expect(op.responses).toHaveProperty('403');
    }
    expect(operation('get', '/api/users/logout').security).toEqual([{}, { session: [] }]);
  });

  it('takes parameters and bodies from the shared schemas, with JSON and multipart bodies for uploads', () => {
    const list = operation('get', '/api/articles');
    expect(list.parameters).toEqual([
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string', maxLength: 100 } },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100, default: 20 }),
      },
      // The language of the answer (issue 29, decision 056).
      expect.objectContaining({ name: 'lang', in: 'query', required: false }),
      expect.objectContaining({ name: 'Accept-Language', in: 'header', required: false }),
    ]);
    // A query schema that splits and pipes: the document shows what the client sends.
    expect(operation('get', '/api/imageOptions').parameters).toEqual([
      { name: 'keys', in: 'query', required: true, schema: expect.objectContaining({ type: 'string' }) },
    ]);
    const image = operation('put', '/api/articles/{id}/media/images/{ordinal}');
    expect(image.parameters.map((p: Json) => [p.name, p.in])).toEqual([
      ['id', 'path'],
      ['ordinal', 'path'],
    ]);
    expect(image.parameters[1].schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(image.parameters[0].schema.anyOf).toHaveLength(2); // an id or a slug

    const create = operation('post', '/api/articles');
    const body = create.requestBody.content;
    expect(Object.keys(body)).toEqual(['application/json', 'multipart/form-data']);
    expect(body['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateArticleBody' });
    expect(body['multipart/form-data'].schema.properties.body).toEqual({
      $ref: '#/components/schemas/CreateArticleBody',
    });
    expect(Object.keys(body['multipart/form-data'].schema.patternProperties)).toEqual(['^blob:[A-Za-z0-9_.-]{1,64}$']);
    expect(body['multipart/form-data'].encoding.body.contentType).toBe('application/json');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '415']));
    // The media union, discriminated by kind.
    const media = doc.components.schemas.CreateArticleBody.properties.media;
    expect(media.oneOf ?? (resolve(media.$ref) as Json).oneOf).toHaveLength(2);

    const json = operation('post', '/api/users/auth');
    expect(Object.keys(json.requestBody.content)).toEqual(['application/json']);
    expect(json.responses).toHaveProperty('415');
  });

  it('shows file answers as they are served, with their path parameter taking a "/"', () => {
    const file = operation('get', '/api/files/{key}');
    expect(Object.keys(file.responses)).toEqual(['200', '206', '304', '400', '404', '416', 'default']);
    expect(Object.keys(file.responses['200'].content)).toEqual(['image/*', 'video/*']);
    expect(file.parameters[0]).toMatchObject({
      name: 'key',
      in: 'path',
      required: true,
      description: expect.stringContaining('"/"'),
    });
  });
});

describe('routeDocs', () => {
  it('refuses a route without describe(), so none is added undocumented', () => {
    const bare = new Hono().basePath('/api').get('/thing', (c) => c.text('x'));
    expect(() => routeDocs(bare.routes)).toThrow('GET /api/thing has no describe');
  });

  it('refuses a describe() without a result or raw answer', () => {
    const half = new Hono().get('/thing', describeRoute({ summary: 'x' } as never), (c) => c.text('x'));
    expect(() => routeDocs(half.routes)).toThrow('exactly one of result and raw');
  });
});
