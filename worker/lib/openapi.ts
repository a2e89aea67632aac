// The OpenAPI 3.1 document of /api, read off the registered routes (app.routes): each route's handlers carry
// what they check (lib/route-doc.ts), and the shared zod schemas become JSON Schema through zod's own
// toJSONSchema. Nothing here names a route: a route the app registers is in the document, one it does not
// is not. Decision: docs/decisions/013-openapi.md.
import type { RouterRoute } from 'hono/types';
import { findTargetHandler } from 'hono/utils/handler';
import * as z from 'zod/mini';
import * as documentSchemas from '../../schema/document';
import * as entities from '../../schema/entities';
import { ROLES, type Role } from '../../schema/enums';
import * as requests from '../../schema/requests';
import * as workspace from '../../schema/workspace';
import { EDITOR_ROLES } from '../middleware/guards';
import { tokenNeed, type TokenNeed } from '../middleware/token-scope';
import { routeDocPart, type ErrorCode, type RawAnswer, type RouteDocPart, type SuccessCode } from './route-doc';
import { UPLOAD_LIMITS } from '../services/uploads';
import type { Schema } from '../middleware/validate';

type Json = Record<string, unknown>;
export type AuthLevel = 'anonymous' | 'signed-in' | 'editor' | 'admin';

/** Everything the document states of one route, merged from the route's handlers. */
export interface RouteDoc {
  method: string;
  /** As Hono registers it: `/api/articles/:id`. */
  path: string;
  summary: string;
  description?: string | undefined;
  statuses: readonly SuccessCode[];
  result?: Schema | undefined;
  raw?: RawAnswer | undefined;
  param?: Schema | undefined;
  query?: Schema | undefined;
  json?: Schema | undefined;
  upload?: Schema | undefined;
  auth: AuthLevel;
  /** The roles let through; every role for `signed-in`, none listed for `anonymous`. */
  roles: readonly Role[];
  ownerOrAdmin?: string | undefined;
  sameOrigin: boolean;
  errors: readonly ErrorCode[];
  edgeCacheSeconds?: number | undefined;
  /** What an API token needs for it: any scope, the `full` scope, or no token at all (a session only). */
  tokenNeed: TokenNeed;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function authLevel(roles: readonly Role[] | undefined): AuthLevel {
  if (!roles) return 'anonymous';
  const same = (a: readonly Role[], b: readonly Role[]) => a.length === b.length && a.every((r) => b.includes(r));
  if (same(roles, ['ADMIN'])) return 'admin';
  if (same(roles, EDITOR_ROLES)) return 'editor';
  if (same(roles, ROLES)) return 'signed-in';
  throw new Error(`No auth level names the roles ${roles.join(', ')}`);
}

/** The documentation part of one registered handler (unwrapped from what Hono composes around mounted ones). */
const partsOf = (route: RouterRoute): RouteDocPart[] => {
  const part = routeDocPart(findTargetHandler(route.handler));
  return part ? [part] : [];
};

/** Middleware mounted on a path pattern (`/api/myso/*`) applies to every route under it. */
function covers(pattern: string, path: string): boolean {
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2);
    return path === prefix || path.startsWith(prefix + '/');
  }
  return pattern === path;
}

/**
 * Every route the app registers (method and path, as app.routes lists them; `ALL` entries are middleware)
 * with its description merged from its handlers. Throws for a route without describe(...), so a route
 * cannot be added undocumented.
 */
export function routeDocs(routes: readonly RouterRoute[]): RouteDoc[] {
  const middleware = routes.filter((r) => r.method === 'ALL');
  const byRoute = new Map<string, { method: string; path: string; parts: RouteDocPart[] }>();
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    let entry = byRoute.get(key);
    if (!entry) {
      const inherited = middleware.filter((m) => covers(m.path, route.path)).flatMap(partsOf);
      entry = { method: route.method, path: route.path, parts: inherited };
      byRoute.set(key, entry);
    }
    entry.parts.push(...partsOf(route));
  }
  return [...byRoute.values()].map(({ method, path, parts }) => merge(method, path, parts));
}

function merge(method: string, path: string, parts: readonly RouteDocPart[]): RouteDoc {
  const one = <K extends keyof RouteDocPart>(key: K): RouteDocPart[K] | undefined => {
    const found = parts.filter((p) => p[key] !== undefined);
    if (found.length > 1) throw new Error(`${method} ${path}: more than one handler states ${key}`);
    return found[0]?.[key];
  };
  const summary = one('summary');
  if (!summary) throw new Error(`${method} ${path} has no describe({ summary, result }) beside it`);
  const result = one('result');
  const raw = one('raw');
  if (!result === !raw) throw new Error(`${method} ${path}: describe() needs exactly one of result and raw`);
  // Guards in a row narrow: a route behind requireUser and requireAdmin is ADMIN's.
  const guards = parts.filter((p) => p.roles).map((p) => p.roles!);
  const roles = guards.length ? guards.reduce((a, b) => a.filter((r) => b.includes(r))) : undefined;
  const sameOrigin = parts.some((p) => p.sameOrigin) || UNSAFE_METHODS.has(method);
  const errors = new Set<ErrorCode>(parts.flatMap((p) => p.errors ?? []));
  const ownerOrAdmin = one('ownerOrAdmin');
  // Refusing cross-site requests and checking ownership both answer 403.
  if (sameOrigin || ownerOrAdmin) errors.add(403);
  const status = one('status') ?? 200;
  return {
    method,
    path,
    summary,
    description: one('description'),
    statuses: typeof status === 'number' ? [status] : status,
    result,
    raw,
    param: one('param'),
    query: one('query'),
    json: one('json'),
    upload: one('upload'),
    auth: authLevel(roles),
    roles: roles ?? [],
    ownerOrAdmin,
    sameOrigin,
    errors: [...errors].sort((a, b) => a - b),
    edgeCacheSeconds: one('edgeCacheSeconds'),
    tokenNeed: tokenNeed(method, parts),
  };
}

// ---- schemas ----

/** Shapes worth a name of their own in components.schemas (objects, unions, enums), not bare strings. */
function isModel(schema: Schema): boolean {
  const def = schema._zod.def as { type: string; innerType?: Schema };
  if (def.type === 'nullable' && def.innerType) return isModel(def.innerType);
  return def.type === 'object' || def.type === 'union' || def.type === 'enum';
}

/** The exported schemas of a module by their PascalCase name: `article` → `Article`. */
function namedSchemas(module: Record<string, unknown>): Map<Schema, string> {
  const names = new Map<Schema, string>();
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'object' || value === null || !('_zod' in value)) continue;
    const schema = value as Schema;
    const pascalName = name[0]!.toUpperCase() + name.slice(1);
    // One schema under two names (addVideoBody = videoInput): the shorter, more general one.
    const known = names.get(schema);
    if (isModel(schema) && (!known || pascalName.length < known.length)) names.set(schema, pascalName);
  }
  return names;
}

const COMPONENT = '#/components/schemas/';

/**
 * One direction of conversion (requests as input, results as output): named schemas become components
 * referenced by `$ref`, anything else is inlined where it is used.
 */
class SchemaSet {
  private readonly ids = new Map<Schema, string>();
  private converted: Record<string, Json> | undefined;

  constructor(
    private readonly io: 'input' | 'output',
    private readonly named: Map<Schema, string>,
  ) {}

  names(): string[] {
    return [...this.named.values()];
  }

  /** Remembers a schema to convert; call before convert(). */
  add(schema: Schema): void {
    if (!this.ids.has(schema)) this.ids.set(schema, this.named.get(schema) ?? `inline-${this.ids.size}`);
  }

  convert(): void {
    const registry = z.registry<{ id: string }>();
    for (const [schema, name] of this.named) registry.add(schema, { id: name });
    for (const [schema, id] of this.ids) if (!this.named.has(schema)) registry.add(schema, { id });
    const { schemas } = z.toJSONSchema(registry, { io: this.io, target: 'draft-2020-12', uri: (id) => COMPONENT + id });
    this.converted = {};
    for (const [id, json] of Object.entries(schemas)) {
      // zod names each registry entry with $id; the document places them itself (components or inline).
      const { $schema: _dialect, $id: _id, ...rest } = json as Json;
      this.converted[id] = rest;
    }
  }

  /** A `$ref` for a named schema, the JSON Schema itself for any other. */
  use(schema: Schema): Json {
    const id = this.ids.get(schema);
    if (!id || !this.converted) throw new Error('Schema used before it was added and converted');
    return this.named.has(schema) ? { $ref: COMPONENT + id } : this.converted[id]!;
  }

  components(): Record<string, Json> {
    if (!this.converted) throw new Error('Schemas read before they were converted');
    return Object.fromEntries([...this.named.values()].map((name) => [name, this.converted![name]!]));
  }
}

/** The input JSON Schema of each parameter schema, converted once although many routes share one. */
const parameterSchemas = new WeakMap<Schema, Json>();

/** Path or query parameters from an object schema; `path` keeps them in the order of the path. */
function parameters(where: 'path' | 'query', schema: Schema | undefined, names?: readonly string[]): Json[] {
  let json: Json = {};
  if (schema) {
    json = parameterSchemas.get(schema) ?? z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
    parameterSchemas.set(schema, json);
  }
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  if (where === 'query') {
    return Object.entries(properties).map(([name, s]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema: s,
    }));
  }
  return (names ?? []).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
}

/** `/api/files/:key{.+}` → `/api/files/{key}`, with the parameter names and those that take a `/` too. */
function openApiPath(path: string): { path: string; names: string[]; slashed: Set<string> } {
  const names: string[] = [];
  const slashed = new Set<string>();
  const converted = path.replace(/:(\w+)(\{[^}]+\})?/g, (_m, name: string, pattern?: string) => {
    names.push(name);
    if (pattern && !/^\{\[\^\/\]/.test(pattern)) slashed.add(name);
    return `{${name}}`;
  });
  return { path: converted, names, slashed };
}

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** `GET /api/articles/:id/media` → `getArticlesByIdMedia`. */
function operationId(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean).slice(1);
  return (
    method.toLowerCase() +
    segments.map((s) => (s.startsWith(':') ? 'By' + pascal(s.slice(1).replace(/\{.*$/, '')) : pascal(s))).join('')
  );
}

// ---- responses ----

const ERRORS: Record<ErrorCode, { name: string; description: string; headers?: Json }> = {
  400: {
    name: 'BadRequest',
    description:
      'Invalid input: `Validation error: {message} at "{path}"; ...` with the same in `result.issues` (zod\'s issue ' +
      "codes, or the portal's own such as `password_common`, `url_not_https`), or a reference to something that does " +
      'not exist (`issues` then empty)',
  },
  401: { name: 'Unauthorized', description: 'No valid session (or, for sign-in, wrong name or password)' },
  403: {
    name: 'Forbidden',
    description:
      'The role or ownership does not allow the call, or the request came from another site; a wrong password ' +
      'confirming a change carries `result.issues` (`wrong_password` at the password field)',
  },
  404: { name: 'NotFound', description: 'Not there, or not visible to the caller' },
  409: {
    name: 'Conflict',
    description:
      'The current state forbids the change (taken name, content still attached, decided request, ...); a taken ' +
      'name, e-mail or slug carries `result.issues` (`name_taken`, `email_taken`, `slug_taken` at its field)',
  },
  413: {
    name: 'PayloadTooLarge',
    description: `Too large: a file (images ${UPLOAD_LIMITS.image / 2 ** 20} MiB, videos ${UPLOAD_LIMITS.video / 2 ** 20} MiB), the \`body\` part (1 MiB) or the whole request (${UPLOAD_LIMITS.request / 1e6} MB)`,
  },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'Wrong Content-Type for the body, or a file that is not an allowed image or video (JPEG, PNG, WebP, GIF, AVIF, MP4, WebM)',
  },
  416: {
    name: 'RangeNotSatisfiable',
    description: 'The Range lies outside the file',
    headers: { 'Content-Range': { description: '`bytes */{size}`', schema: { type: 'string' } } },
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts; try again after Retry-After seconds',
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
  },
  502: { name: 'BadGateway', description: 'The mail could not be sent; nothing was stored' },
};

const STATUS_TEXT: Record<SuccessCode, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

function describeAuth(doc: RouteDoc): string {
  const who: Record<AuthLevel, string> = {
    anonymous: 'Anyone; no session needed (a session, when sent, may widen what is visible).',
    'signed-in': 'Signed in, any role.',
    editor: `Signed in as an editor (${EDITOR_ROLES.join(', ')}).`,
    admin: 'Signed in as ADMIN.',
  };
  const lines = [`**Auth:** ${who[doc.auth]}`];
  if (doc.ownerOrAdmin) lines.push(`Only ${doc.ownerOrAdmin} or an ADMIN.`);
  if (doc.sameOrigin && !UNSAFE_METHODS.has(doc.method))
    lines.push('Changes state although a GET: refused cross-site like every unsafe method.');
  if (doc.tokenNeed === 'session') lines.push('Needs a signed-in session: refused (403) with an API token.');
  if (doc.tokenNeed === 'full') lines.push('With an API token, only one of scope `full` (403 for `read`).');
  if (doc.edgeCacheSeconds) {
    lines.push(
      `**Cache:** anonymous answers come from the edge cache of the caller's location, at most ${doc.edgeCacheSeconds} s old ` +
        '(a write shows at once where it was made); restricted content and signed-in callers are never cached.',
    );
  }
  return lines.join(' ');
}

function fileTagPattern(): string {
  const { pattern } = z.toJSONSchema(requests.fileTag) as { pattern: string };
  return `^blob:${pattern.replace(/^\^/, '')}`;
}

function requestBody(doc: RouteDoc, inputs: SchemaSet): Json | undefined {
  if (doc.json) return { required: true, content: { 'application/json': { schema: inputs.use(doc.json) } } };
  if (!doc.upload) return undefined;
  const body = inputs.use(doc.upload);
  return {
    required: true,
    description:
      'JSON, or multipart/form-data with the same JSON in a part `body` (text or a JSON file) and each file in a part ' +
      '`blob:{tag}`, named by the `...FileTag` fields of the JSON. Files are checked by content (JPEG, PNG, WebP, GIF, ' +
      `AVIF images up to ${UPLOAD_LIMITS.image / 2 ** 20} MiB; MP4, WebM videos up to ${UPLOAD_LIMITS.video / 2 ** 20} MiB), ` +
      `at most ${UPLOAD_LIMITS.files} per request.`,
    content: {
      'application/json': { schema: body },
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { body },
          patternProperties: { [fileTagPattern()]: { type: 'string', contentMediaType: 'application/octet-stream' } },
          additionalProperties: false,
          required: ['body'],
        },
        encoding: { body: { contentType: 'application/json' } },
      },
    },
  };
}

function responses(doc: RouteDoc, outputs: SchemaSet, envelopes: Map<RouteDoc, Schema>): Json {
  const answers: Json = {};
  if (doc.raw) {
    const content = Object.fromEntries(doc.raw.contentTypes.map((t) => [t, {}]));
    for (const [status, description] of Object.entries(doc.raw.statuses)) {
      answers[status] = status === '304' ? { description } : { description, content };
    }
  } else {
    const schema = outputs.use(envelopes.get(doc)!);
    for (const status of doc.statuses)
      answers[status] = { description: STATUS_TEXT[status], content: { 'application/json': { schema } } };
  }
  for (const code of doc.errors) answers[code] = { $ref: `#/components/responses/${ERRORS[code].name}` };
  answers.default = { $ref: '#/components/responses/Error' };
  return answers;
}

function errorResponses(): Json {
  const content = { 'application/json': { schema: { $ref: COMPONENT + 'ErrorEnvelope' } } };
  // Every 400 lists its issues (docs/decisions/043-structured-errors.md).
  const invalid = { 'application/json': { schema: { $ref: COMPONENT + 'InvalidInputEnvelope' } } };
  const answers: Json = {};
  for (const [code, { name, description, headers }] of Object.entries(ERRORS))
    answers[name] = { description, content: code === '400' ? invalid : content, ...(headers ? { headers } : {}) };
  answers.Error = {
    description:
      'Any other failure: 405 with an Allow header for a method the path does not take, 500 for an internal error',
    content,
    headers: { Allow: { description: 'The methods the path takes (405 only)', schema: { type: 'string' } } },
  };
  return answers;
}

/** Keeps only the components some operation reaches, directly or through other components. */
function reachable(paths: Json, schemas: Record<string, Json>, responsesJson: Json): Record<string, Json> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(COMPONENT)) {
        const name = inner.slice(COMPONENT.length);
        if (!found.has(name)) {
          found.add(name);
          visit(schemas[name]);
        }
      } else visit(inner);
    }
  };
  visit(paths);
  visit(responsesJson);
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => found.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const API_DESCRIPTION = `The JSON API of SO Portal: news, articles, channels, categories, mySO, search.

**Envelope.** Every answer except file downloads and this document is \`{code, message, result}\`; \`code\` equals the
HTTP status. Errors carry a human-readable \`message\` and \`result: null\`, or, when they concern fields,
\`result: {issues: [{path, code, message}]}\`: \`path\` the keys and indexes to the field, \`code\` stable (zod's issue
codes, or the portal's own: \`name_taken\`, \`slug_taken\`, \`url_not_https\`, \`wrong_password\`, ...), \`message\` in
English. Every 400 has \`issues\` (empty when no field is at fault); validation errors' \`message\` reads
\`Validation error: {message} at "{path}"; ...\`.

**Sessions.** \`POST /api/users/auth\` sets an HttpOnly session cookie (\`__Host-session\` on https, \`session\` on
plain http such as local development); send it back on later calls. \`GET /api/users/logout\` ends it.

**API tokens.** Scripts and other programs send \`Authorization: Bearer sop_...\` instead: a personal API token
made in the account screen (\`POST /api/tokens\`), shown once, with scope \`read\` (reads only) or \`full\` (the
user's role) and an expiry. Managing tokens, sessions, the password, the e-mail or the account itself needs a
signed-in session (\`x-auth.tokenScope: session\`).

**Cross-site requests.** Unsafe methods, and the few GETs that change state, are refused with 403 when the
request says it comes from another site (\`Sec-Fetch-Site\`, or an \`Origin\` other than this one). Clients that
are not browsers and send neither header are not affected, nor are calls with a bearer token.

**Ids and slugs.** Article, channel and category paths that take \`{id}\` accept the slug too (see each parameter's schema).
Lists that page take \`cursor\` (the previous page's \`nextCursor\`) and \`limit\`.

**HEAD.** Every GET answers HEAD as well.`;

/** The OpenAPI 3.1 document of the routes. */
export function buildOpenApiDocument(routes: readonly RouterRoute[]): Json {
  const docs = routeDocs(routes);
  const inputs = new SchemaSet('input', namedSchemas(requests));
  const outputNames = new Map([
    ...namedSchemas(documentSchemas),
    ...namedSchemas(entities),
    ...namedSchemas(workspace),
  ]);
  const errorEnvelope = entities.envelope(z.nullable(entities.issuesResult));
  outputNames.set(errorEnvelope, 'ErrorEnvelope');
  const invalidEnvelope = entities.envelope(entities.issuesResult);
  outputNames.set(invalidEnvelope, 'InvalidInputEnvelope');
  const outputs = new SchemaSet('output', outputNames);
  const clash = outputs.names().find((name) => inputs.names().includes(name));
  if (clash) throw new Error(`Schema name ${clash} is both a request and a result`);

  const envelopes = new Map<RouteDoc, Schema>();
  for (const doc of docs) {
    if (doc.json) inputs.add(doc.json);
    if (doc.upload) inputs.add(doc.upload);
    if (doc.result) {
      const envelope = entities.envelope(doc.result);
      envelopes.set(doc, envelope);
      outputs.add(envelope);
    }
  }
  inputs.convert();
  outputs.convert();

  const paths: Record<string, Json> = {};
  const operationIds = new Set<string>();
  for (const doc of docs) {
    const { path, names, slashed } = openApiPath(doc.path);
    const id = operationId(doc.method, doc.path);
    if (operationIds.has(id)) throw new Error(`Two routes make the operationId ${id}`);
    operationIds.add(id);
    const pathParameters = parameters('path', doc.param, names).map((p) =>
      slashed.has(p.name as string) ? { ...p, description: 'May contain "/" (raw or encoded as %2F)' } : p,
    );
    const body = requestBody(doc, inputs);
    const operation: Json = {
      operationId: id,
      summary: doc.summary,
      description: [doc.description, describeAuth(doc)].filter(Boolean).join('\n\n'),
      tags: [doc.path.split('/')[2]],
      ...(pathParameters.length || doc.query
        ? { parameters: [...pathParameters, ...parameters('query', doc.query)] }
        : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(doc, outputs, envelopes),
      security: [
        ...(doc.auth === 'anonymous' ? [{}] : []),
        { session: [] },
        ...(doc.tokenNeed === 'session' ? [] : [{ bearer: [] }]),
      ],
      ...(doc.edgeCacheSeconds ? { 'x-edge-cache-seconds': doc.edgeCacheSeconds } : {}),
      'x-auth': {
        level: doc.auth,
        tokenScope: doc.tokenNeed,
        ...(doc.roles.length ? { roles: doc.roles } : {}),
        ...(doc.ownerOrAdmin ? { ownerOrAdmin: doc.ownerOrAdmin } : {}),
      },
    };
    (paths[path] ??= {})[doc.method.toLowerCase()] = operation;
  }

  const errorAnswers = errorResponses();
  const schemas = reachable(paths, { ...inputs.components(), ...outputs.components() }, errorAnswers);
  const tags = [...new Set(docs.map((d) => d.path.split('/')[2]!))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: { title: 'SO Portal API', version: '1.0.0', description: API_DESCRIPTION },
    servers: [{ url: '/', description: 'The deployment that serves this document' }],
    tags,
    paths,
    components: {
      schemas,
      responses: errorAnswers,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-session',
          description:
            'The session cookie set by POST /api/users/auth (named `session` on plain http, as in local development).',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sop_ API token',
          description:
            'A personal API token (`sop_...`, made with POST /api/tokens in a signed-in session): ' +
            '`Authorization: Bearer sop_...` acts as its user, within its scope (`read`: only reads; `full`: the ' +
            "user's role). Sent, it decides alone (a cookie is not read) and the cross-site checks do not apply. An " +
            'invalid, revoked or expired token, or one of a deactivated user, is 401 on every route, with ' +
            '`WWW-Authenticate: Bearer`. `x-auth.tokenScope` says what each operation needs: `read`, `full`, or ' +
            '`session` (never through a token).',
        },
      },
    },
  };
}
