// The OpenAPI 3.1 document of /api: the routes' own descriptions (route-docs.ts) with their schemas (schema-set.ts),
// the error answers every route shares, and the words on sessions, tokens and envelopes. Decision:
// docs/decisions/013-openapi.md.
import type { RouterRoute } from 'hono/types';
import * as z from 'zod/mini';
import * as documentSchemas from '#schema/document';
import * as entities from '#schema/entities';
import { UPLOAD_LIMITS } from '#schema/limits';
import * as requests from '#schema/requests';
import * as workspace from '#schema/workspace';
import { EDITOR_ROLES } from '../lib/access';
import type { ErrorCode, Schema, SuccessCode } from '../lib/route-doc';
import { routeDocs, UNSAFE_METHODS, type AuthLevel, type RouteDoc } from './route-docs';
import { COMPONENT, namedSchemas, openApiPath, operationId, parameters, SchemaSet, type Json } from './schema-set';

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
      ...(pathParameters.length || doc.query || answersInLanguage(doc)
        ? {
            parameters: [
              ...pathParameters,
              ...parameters('query', doc.query),
              ...(answersInLanguage(doc) ? LANGUAGE_PARAMETERS : []),
            ],
          }
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

/** The groups whose reads answer in the request's language (issue 29, decision 056). */
const TRANSLATED_GROUPS = new Set(['articles', 'channels', 'categories', 'news', 'search', 'authors', 'slugs']);
const answersInLanguage = (doc: { method: string; path: string }) =>
  (doc.method === 'GET' || doc.path === '/api/search/search') && TRANSLATED_GROUPS.has(doc.path.split('/')[2] ?? '');

/** `lang` and Accept-Language, as every read of translated content takes them (worker/middleware/language.ts). */
const LANGUAGE_PARAMETERS: Json[] = [
  {
    name: 'lang',
    in: 'query',
    required: false,
    description:
      "The language of the answer: a configured tag, full or short, any case (`de-DE`, `de`). A tag that is not configured is 400 (field `lang`). Without it, Accept-Language chooses, else the default language. Items without a published translation in it answer in their own language (each item's `language` says which); the answer's Content-Language names the requested one.",
    schema: { type: 'string' },
  },
  {
    name: 'Accept-Language',
    in: 'header',
    required: false,
    description: 'Chooses the language when `lang` is absent (answers vary on it).',
    schema: { type: 'string' },
  },
];
