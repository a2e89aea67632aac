// The reads `npm run bench` measures, as requests both workers answer (the floor serves the project's paths).
import { DEMO_PASSWORD } from '#worker/scripts/seed-demo-content';

export interface Read {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** Demo seed entities the reads use, by slug: a gallery article, the busiest public channel, a category with all three kinds of children. */
const SLUGS = { article: 'alps-a-week-on-the-high-trail', channel: 'alpine-journal', category: 'europe' } as const;

async function entityId(baseUrl: string, slug: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/slugs/${slug}`);
  if (!res.ok) throw new Error(`The demo seed has no ${slug} (${res.status})`);
  return (await res.json<{ result: { entityId: string } }>()).result.entityId;
}

export async function demoReads(projectUrl: string, searchText: string): Promise<Read[]> {
  const [article, channel, category] = await Promise.all(
    [SLUGS.article, SLUGS.channel, SLUGS.category].map((s) => entityId(projectUrl, s)),
  );
  return [
    { name: 'article by id', method: 'GET', path: `/api/articles/${article}` },
    { name: 'channel articles', method: 'GET', path: `/api/channels/${channel}/articles` },
    { name: 'category children', method: 'GET', path: `/api/categories/${category}/children` },
    { name: 'news, first page', method: 'GET', path: '/api/news' },
    {
      name: `search "${searchText}"`,
      method: 'POST',
      path: '/api/search/search',
      body: JSON.stringify({ searchText }),
    },
    { name: 'channels', method: 'GET', path: '/api/channels' },
  ];
}

/** The article page the LCP step opens. */
export const lcpArticlePath = async (projectUrl: string): Promise<string> =>
  `/article/${await entityId(projectUrl, SLUGS.article)}`;

/** The cookie `name` an answer sets, as `name=value`. */
const setCookie = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`));

/**
 * The demo reader, signed in, as a browser holds it: the session cookie and a session ticket (worker/services/
 * session-ticket.ts), renewed before it runs out (a browser gets a new one with the first read after that), so the
 * measured reads are the ones a reader makes within a ticket's life.
 */
export class Reader {
  private ticket = '';
  private bookmark: string | undefined;
  private ticketAt = 0;
  private constructor(
    private readonly url: string,
    private readonly session: string,
  ) {}

  /** Signs the demo reader in. No Origin header: not a browser, like curl. */
  static async signIn(projectUrl: string): Promise<Reader> {
    const res = await fetch(`${projectUrl}/api/users/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'reader', password: DEMO_PASSWORD }),
    });
    const cookie = setCookie(res, 'session');
    if (!res.ok || !cookie) throw new Error(`Signing in the demo reader failed: ${res.status} ${await res.text()}`);
    return new Reader(projectUrl, cookie);
  }

  /** The Cookie header, with a ticket at least `fresh` seconds from running out (default: good for 40 s). */
  async cookie(fresh = 40): Promise<string> {
    if (Date.now() - this.ticketAt > (60 - fresh) * 1000) {
      const res = await fetch(`${this.url}/api/users/auth-validate`, {
        method: 'POST',
        headers: { Cookie: this.session },
      });
      await res.arrayBuffer();
      const ticket = setCookie(res, 'session-ticket');
      if (!res.ok || !ticket) throw new Error(`The demo reader got no session ticket (${res.status})`);
      this.ticket = ticket;
      // The D1 bookmark, sent back as a browser does (worker/services/db.ts): the server sets it only when it moved.
      this.bookmark = setCookie(res, 'd1-bookmark') ?? this.bookmark;
      this.ticketAt = Date.now();
    }
    return [this.session, this.ticket, this.bookmark].filter(Boolean).join('; ');
  }
}

export interface Probe {
  status: number;
  bytes: number;
  /** The project's Server-Timing counts (worker/middleware/bench-timing.ts); null from the floor. */
  d1RoundTrips: number | null;
  d1Statements: number | null;
  /** Of the round trips, those at the D1 primary (the Sessions API's model, bench-timing.ts). */
  d1PrimaryTrips: number | null;
  kvReads: number | null;
  /** The project's X-Edge-Cache answer (HIT, MISS, BYPASS) when the edge cache handled the read; null otherwise. */
  edgeCache: string | null;
}

const requestInit = (read: Read, cookie: string | undefined): RequestInit => ({
  method: read.method,
  headers: { ...(read.body ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) },
  body: read.body ?? null,
});

/** One request, to see that it answers 200 and how big the answer is, and what it cost in round trips. */
export async function probe(baseUrl: string, read: Read, cookie: string | undefined): Promise<Probe> {
  const res = await fetch(baseUrl + read.path, requestInit(read, cookie));
  const bytes = (await res.arrayBuffer()).byteLength;
  const timing = res.headers.get('Server-Timing') ?? '';
  const count = (re: RegExp) => {
    const m = re.exec(timing);
    return m ? Number(m[1]) : null;
  };
  return {
    status: res.status,
    bytes,
    d1RoundTrips: count(/d1;desc="(\d+) round trips?/),
    d1Statements: count(/(\d+) statements?/),
    d1PrimaryTrips: count(/(\d+) at the primary/),
    kvReads: count(/kv;desc="(\d+) reads?/),
    edgeCache: res.headers.get('X-Edge-Cache'),
  };
}

export const headersOf = (read: Read, cookie: string | undefined): Record<string, string> =>
  requestInit(read, cookie).headers as Record<string, string>;
