// The malformed-request generator behind `npm run fuzz` and its seeded run in the worker tests: requests to
// every registered route, as anonymous, reader, editor and admin, with broken ids, bodies, content types,
// methods, and huge and hostile strings. Every answer must be a 4xx or 2xx in the envelope; a 5xx or an
// answer outside the envelope is a finding. Pure TypeScript (fetch API only), so it runs in Node and workerd.
import { routeDocPart } from '../lib/route-doc';
import {
  CONTENT_TYPES,
  FIELD_NAMES,
  fuzzTexts,
  OTHER_METHODS,
  PNG_HEAD,
  realisticText,
  seededRandom,
} from './fuzz-vocabulary';

export { fuzzTexts, realisticText, seededRandom } from './fuzz-vocabulary';

/** A page (or crawler document, or feed) over this many bytes is a finding (worker/scripts/fuzz-pages.ts). */
export const PAGE_SIZE_LIMIT = 1_000_000;
/**
 * How much a page may grow per byte of its input: the input shows a few times (title, head tags, heading, search
 * box, the page's data) and escaping makes a character up to 6 bytes (`'` is `&#x27;`, `<` in JSON `\u003c`).
 */
export const GROWTH_FACTOR = 64;

export type FuzzRole = 'anonymous' | 'reader' | 'editor' | 'admin';
export const FUZZ_ROLES: readonly FuzzRole[] = ['anonymous', 'reader', 'editor', 'admin'];

export interface FuzzRoute {
  method: string;
  /** Hono's pattern, e.g. `/api/articles/:id` or `/api/files/:key{.+}`. */
  path: string;
  /** Documented as answering outside the envelope on success (a stored file, the OpenAPI document). */
  raw?: boolean;
}

export interface FuzzFixtures {
  /** Ids of real rows (articles, channels, news, users, categories), so some requests get past the 404s. */
  ids: string[];
  /** Keys of real files. */
  fileKeys: string[];
}

export interface FuzzRequest {
  role: FuzzRole;
  route: FuzzRoute;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: BodyInit | null;
  /**
   * A page, crawler document or feed (worker/scripts/fuzz-pages.ts): checked for its size instead of the envelope;
   * `growth` pairs it with the request of the same group whose input differs only in length.
   */
  page?: { growth?: { group: string; input: number } };
}

/**
 * The routes an app registers, once each (Hono lists a route once per handler in its chain), marked raw when
 * one of its handlers documents a raw answer (worker/lib/route-doc.ts).
 */
export function registeredRoutes(routes: readonly { method: string; path: string; handler: unknown }[]): FuzzRoute[] {
  const seen = new Map<string, FuzzRoute>();
  for (const r of routes) {
    if (r.method === 'ALL') continue;
    const id = `${r.method} ${r.path}`;
    const route = seen.get(id) ?? { method: r.method, path: r.path };
    if (routeDocPart(r.handler)?.raw) route.raw = true;
    seen.set(id, route);
  }
  return [...seen.values()];
}

/** Builds the requests of one fuzz run: `count` of them, from `seed`. */
export function* fuzzRequests(
  routes: readonly FuzzRoute[],
  fixtures: FuzzFixtures,
  count: number,
  seed: number,
): Generator<FuzzRequest> {
  const random = seededRandom(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => random() < p;
  const hex = (n: number) => Array.from({ length: n }, () => int(16).toString(16)).join('');
  /** A well-formed v4 uuid that names nothing. */
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;

  const { realistic, hostile } = fuzzTexts(random);
  const param = (name: string): string => {
    const roll = random();
    if (name === 'key') {
      if (roll < 0.3 && fixtures.fileKeys.length) return pick(fixtures.fileKeys);
      if (roll < 0.5) return `${pick(['image', 'video', 'x'])}/${uuid()}.${pick(['png', 'mp4', 'html', 'jpg'])}`;
    }
    if (roll < 0.3 && fixtures.ids.length) return pick(fixtures.ids);
    if (roll < 0.45) return uuid();
    if (roll < 0.55) return String(int(100) - 10);
    return encodeURIComponent(hostile()).slice(0, 3000);
  };
  const query = (): string => {
    if (chance(0.1)) return `?q=${encodeURIComponent(realisticText(random, 1 + int(chance(0.5) ? 64 : 200)))}`;
    if (!chance(0.35)) return '';
    const keys = ['cursor', 'limit', 'ordinal', 'keys', 'q', pick(FIELD_NAMES)];
    const parts = Array.from(
      { length: 1 + int(3) },
      () => `${pick(keys)}=${chance(0.5) ? param('q') : String(int(300) - 50)}`,
    );
    return '?' + parts.join('&');
  };
  const value = (depth: number): unknown => {
    const roll = random();
    if (depth > 3 || roll < 0.3) return hostile();
    if (roll < 0.4) return int(1e6) - 5e5;
    if (roll < 0.45) return chance(0.5);
    if (roll < 0.5) return null;
    if (roll < 0.6 && fixtures.ids.length) return pick(fixtures.ids);
    if (roll < 0.75) return Array.from({ length: int(5) }, () => value(depth + 1));
    return object(depth + 1);
  };
  const object = (depth: number): Record<string, unknown> =>
    Object.fromEntries(
      Array.from({ length: int(6) }, () => [chance(0.85) ? pick(FIELD_NAMES) : hostile(), value(depth)]),
    );
  /** Article documents (schema/document.ts) built to get past nothing: depth, size, unknown nodes, script links. */
  const hostileDocument = (): unknown => {
    const text = (t: string) => ({ type: 'text', text: t });
    const roll = random();
    if (roll < 0.2) {
      let deep: unknown = { type: 'paragraph', children: [text(hostile())] };
      for (let i = 0, n = 10 + int(1000); i < n; i++)
        deep = { type: 'list', ordered: chance(0.5), items: [{ type: 'listItem', children: [deep] }] };
      return { version: 1, children: [deep] };
    }
    if (roll < 0.35)
      return {
        version: 1,
        children: Array.from({ length: 5_000 + int(30_000) }, () => ({
          type: 'paragraph',
          children: [text('x'.repeat(1 + int(50)))],
        })),
      };
    if (roll < 0.55)
      return {
        version: 1,
        children: [
          { type: pick(['html', 'script', 'style', 'iframe', 'embed', hostile()]), html: '<script>alert(1)</script>' },
        ],
      };
    if (roll < 0.8) {
      const href = pick([
        'javascript:alert(1)',
        'JaVaScRiPt:alert(1)',
        ' javascript:alert(1)',
        'java\tscript:alert(1)',
        'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        'vbscript:msgbox(1)',
        '//evil.example',
        hostile(),
      ]);
      return {
        version: 1,
        children: [{ type: 'paragraph', children: [{ type: 'link', href, children: [text('x')] }] }],
      };
    }
    return {
      version: pick([1, 2, '1', null]),
      children: [{ type: 'paragraph', onclick: 'alert(1)', style: 'x', children: [value(1)] }, value(0)],
    };
  };
  /**
   * A well-formed body with realistic text of any length for the routes that take titles, names and text (else one
   * of them at random), so the request reaches the write or the query itself.
   */
  const plausibleBody = (path: string): Record<string, unknown> => {
    const text = realistic();
    const bodies: Record<string, Record<string, unknown>> = {
      '/api/articles': { title: text, type: pick(['gallery', 'video', 'text']), channelId: null },
      '/api/channels': { name: text },
      '/api/categories': { title: text, parentId: null },
      '/api/search': { searchText: text },
      '/api/contact': {
        kind: 'contact',
        name: text.slice(0, 64).trim() || 'x',
        email: 'fuzz@example.com',
        message: text,
      },
    };
    return bodies[path] ?? pick(Object.values(bodies));
  };
  const jsonBody = (path: string): BodyInit => {
    const roll = random();
    if (roll < 0.15) return JSON.stringify(plausibleBody(path));
    if (roll < 0.22) return JSON.stringify({ title: hostile(), body: hostileDocument() });
    if (roll < 0.55) return JSON.stringify(object(0));
    if (roll < 0.62) return JSON.stringify(value(0));
    if (roll < 0.68) return '{"title": "unterminated';
    if (roll < 0.72) return '['.repeat(2000 + int(20000)) + ']'.repeat(2000);
    if (roll < 0.76) return new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);
    if (roll < 0.8) return JSON.stringify({ title: 'x'.repeat(200_000 + int(2_000_000)) });
    if (roll < 0.84) return '';
    return JSON.stringify(object(0)) + hostile();
  };
  const multipartBody = (boundary: string): BodyInit => {
    const enc = new TextEncoder();
    const chunks: Uint8Array[] = [];
    for (let i = 0, n = int(4); i < n; i++) {
      const name = pick(['body', 'body', 'blob:a', 'blob:b', `blob:${hostile().slice(0, 80)}`, hostile().slice(0, 80)]);
      const file = name.startsWith('blob:') ? '; filename="f.png"' : '';
      chunks.push(
        enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '')}"${file}\r\n\r\n`),
      );
      chunks.push(
        name === 'body' && chance(0.7)
          ? enc.encode(JSON.stringify(object(0)))
          : new Uint8Array([...(chance(0.5) ? PNG_HEAD : []), ...enc.encode(hostile())]),
      );
      chunks.push(enc.encode('\r\n'));
    }
    if (chance(0.8)) chunks.push(enc.encode(`--${boundary}--\r\n`));
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const out = new Uint8Array(total);
    let offset = 0;
    for (const c of chunks) {
      out.set(c, offset);
      offset += c.length;
    }
    return out;
  };

  for (let i = 0; i < count; i++) {
    const route = pick(routes);
    const role = pick(FUZZ_ROLES);
    const method = chance(0.85) ? route.method : pick(OTHER_METHODS);
    const path =
      route.path
        .split('/')
        .map((segment) => (segment.startsWith(':') ? param(segment.slice(1).replace(/\{.*\}$/, '')) : segment))
        .join('/') + query();
    const headers: Record<string, string> = {};
    let body: BodyInit | null = null;
    if (method !== 'GET' && method !== 'HEAD' && chance(0.85)) {
      const type = pick(CONTENT_TYPES);
      if (type) headers['Content-Type'] = type;
      body = type.startsWith('multipart/form-data; boundary=') ? multipartBody('fuzz') : jsonBody(route.path);
    }
    // Header values are bytes; hostile text goes in percent-encoded, as a client would have to send it.
    const headerText = (max: number) => encodeURIComponent(hostile()).slice(0, max);
    if (chance(0.05)) headers.Origin = pick(['https://evil.example', 'null', headerText(100)]);
    if (chance(0.05))
      headers.Range = pick([
        'bytes=0-10',
        'bytes=-5',
        'bytes=999999-',
        'bytes=5-1',
        'bytes=0-1,3-4',
        `bytes=${headerText(50)}`,
      ]);
    if (chance(0.03)) headers['If-None-Match'] = pick(['*', '"x"', 'W/"y"', headerText(100)]);
    if (chance(0.03)) headers.Cookie = `session=${headerText(200)}`;
    yield { role, route, method, path, headers, body };
  }
}

/** Whether an answer is in the envelope `{code, message, result}` with `code` equal to the status. */
export async function isEnvelope(res: Response): Promise<boolean> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    return !!body && body.code === res.status && typeof body.message === 'string' && 'result' in body;
  } catch {
    return false;
  }
}

/** Answers that rightly carry no envelope: a raw route's success (a file's bytes, the OpenAPI document), a 304, every HEAD. */
function answersWithoutEnvelope(req: FuzzRequest, res: Response): boolean {
  return (
    req.method === 'HEAD' ||
    res.status === 304 ||
    (!!req.route.raw && req.method === req.route.method && res.status >= 200 && res.status < 300)
  );
}

export interface FuzzFinding {
  method: string;
  path: string;
  role: FuzzRole;
  status: number;
  problem: '5xx' | 'non-envelope' | 'oversize' | 'threw';
  detail?: string;
}

export interface FuzzReport {
  requests: number;
  serverErrors: number;
  nonEnvelope: number;
  /** Pages over PAGE_SIZE_LIMIT, and pages that grew faster than their input (GROWTH_FACTOR). */
  oversize: number;
  statuses: Record<number, number>;
  findings: FuzzFinding[];
}

export interface FuzzTarget {
  /** Sends one request (to the worker's fetch handler, or over HTTP). */
  send(request: Request): Promise<Response>;
  /** The Cookie header of a signed-in user of the role (undefined for anonymous). */
  cookie(role: FuzzRole): Promise<string | undefined>;
  /** The role's session ended (a fuzzed logout, password change or deletion): sign in someone again. */
  renew(role: FuzzRole): Promise<void>;
  baseUrl: string;
}

/** Runs the requests and tallies what came back. */
export async function runFuzz(target: FuzzTarget, requests: Iterable<FuzzRequest>): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, serverErrors: 0, nonEnvelope: 0, oversize: 0, statuses: {}, findings: [] };
  /** The first answer's size and input of each growth probe, until its pair comes. */
  const probes = new Map<string, { size: number; input: number }>();
  for (const req of requests) {
    report.requests++;
    const cookie = await target.cookie(req.role);
    const headers = new Headers(req.headers);
    if (cookie && !headers.has('Cookie')) headers.set('Cookie', cookie);
    let res: Response;
    try {
      res = await target.send(new Request(target.baseUrl + req.path, { method: req.method, headers, body: req.body }));
    } catch (err) {
      report.serverErrors++;
      report.findings.push({
        method: req.method,
        path: req.path.slice(0, 200),
        role: req.role,
        status: 0,
        problem: 'threw',
        detail: String(err).slice(0, 300),
      });
      continue;
    }
    report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
    const setCookie = res.headers.get('Set-Cookie') ?? '';
    const finding = (problem: FuzzFinding['problem'], detail?: string) =>
      report.findings.push({
        method: req.method,
        path: req.path.slice(0, 200),
        role: req.role,
        status: res.status,
        problem,
        ...(detail ? { detail } : {}),
      });
    if (res.status >= 500) {
      report.serverErrors++;
      finding('5xx', (await res.clone().text()).slice(0, 300));
    }
    if (req.page) {
      const size = (await res.arrayBuffer()).byteLength;
      if (size > PAGE_SIZE_LIMIT) {
        report.oversize++;
        finding('oversize', `${size} bytes`);
      }
      const growth = req.page.growth;
      const first = growth && probes.get(growth.group);
      if (growth && !first) probes.set(growth.group, { size, input: growth.input });
      else if (growth && first) {
        probes.delete(growth.group);
        const grew = size - first.size;
        if (grew > GROWTH_FACTOR * Math.abs(growth.input - first.input) + 256) {
          report.oversize++;
          finding('oversize', `grew ${grew} bytes for ${growth.input - first.input} more of input`);
        }
      }
    } else if (answersWithoutEnvelope(req, res)) await res.body?.cancel();
    else if (!(await isEnvelope(res))) {
      report.nonEnvelope++;
      finding('non-envelope');
    }
    // A fuzzed logout, password change or account deletion ends the session this role was using.
    if (
      req.role !== 'anonymous' &&
      (/session=;|session=[^;]/.test(setCookie) ||
        (res.status === 200 && req.method === 'DELETE' && req.route.path === '/api/users/:id'))
    ) {
      await target.renew(req.role);
    }
  }
  return report;
}

export const formatReport = (r: FuzzReport) =>
  `${r.requests} requests, ${r.serverErrors} 5xx, ${r.nonEnvelope} non-envelope, ${r.oversize} oversize`;
