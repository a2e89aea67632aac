// The machinery of the authorization matrix (test/worker/authorization-matrix*.test.ts): who calls, the rows of
// expectations named by their rule, the shared fixtures, the cells of a row and the test that runs one; the
// rows themselves are in this folder, one module per area (the split of issue 28).
import { env, exports } from 'cloudflare:workers';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { eq } from 'drizzle-orm';
import { articles, revisions, type Role } from '#schema/tables';
import { updateArticle } from '#worker/queries/article-writes';
import { systemScope } from '#worker/services/audit';
import { createPreviewLink } from '#worker/queries/previews';
import { app } from '#worker/app';
import { routeDocs, type RouteDoc } from '#worker/openapi/route-docs';
import { createArticle, createCategory, createChannel, createNewsItem } from '../content-factories';
import { BASE, call, createUser, db, sessionCookie, unique, type TestUser } from '../helpers';
import { createImageOption, storeFile } from '../matrix-fixtures';
import { createTranslationRow, type TranslatedKind } from '../translation-fixtures';

export type Who = 'anonymous' | Role;
export const WHO: readonly Who[] = ['anonymous', 'REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'];

/** One status, or one for the caller's own content (owner) and one for someone else's (other). */
export type Outcome = number | { owner: number; other: number };
export type Expected = Record<Who, Outcome>;

export interface Session {
  user: TestUser;
  cookie: string;
}

export interface Cell {
  who: Who;
  /** The signed-in caller; null for anonymous. */
  actor: Session | null;
  /** An (owner) cell: the content is the caller's own (for users/{id} and ownership: the caller themself). */
  owner: boolean;
  /** Who owns the cell's content: the caller in an (owner) cell, else `stranger`, a CLIENT who never calls. */
  ownerId: string;
  /** A new user of the cell's role with its own session, for calls that would spend the caller (delete, role change). */
  freshSelf(): Promise<Session>;
}

export interface Call {
  /** Under /api. */
  path: string;
  body?: unknown;
  /** Extra request headers (a raw body's Content-Type). */
  headers?: Record<string, string>;
  /** Another session than the cell's (a fresh one, for calls that end or replace the session they come with). */
  cookie?: string;
}

export interface Entry {
  /** `METHOD path` exactly as `app.routes` lists it. */
  route: string;
  /** Names the scenario when one route has several. */
  when?: string;
  /** Labels of the owner / other cells. */
  variants?: [string, string];
  expected: Expected;
  /** The answer is a file, not the envelope. */
  raw?: boolean;
  /** Builds the cell's fixtures (fresh per cell unless shared and read-only) and the request. */
  request(cell: Cell): Promise<Call>;
}

// ---- rows of expectations, named by the rule they state ----
export const everyone = (s: number): Expected => ({
  anonymous: s,
  REGULAR_USER: s,
  CLIENT: s,
  CONTRIBUTOR: s,
  ADMIN: s,
});
export const signedIn = (s: number): Expected => ({
  anonymous: 401,
  REGULAR_USER: s,
  CLIENT: s,
  CONTRIBUTOR: s,
  ADMIN: s,
});
export const editors = (s: number): Expected => ({
  anonymous: 401,
  REGULAR_USER: 403,
  CLIENT: s,
  CONTRIBUTOR: s,
  ADMIN: s,
});
export const adminOnly = (s: number): Expected => ({
  anonymous: 401,
  REGULAR_USER: 403,
  CLIENT: 403,
  CONTRIBUTOR: 403,
  ADMIN: s,
});
/** Editors on their own content, ADMIN on anyone's; `other` is what an editor gets on someone else's. */
export const ownerEditorOrAdmin = (s: number, other = 403): Expected => ({
  anonymous: 401,
  REGULAR_USER: 403,
  CLIENT: { owner: s, other },
  CONTRIBUTOR: { owner: s, other },
  ADMIN: s,
});
/** ADMIN only, and owning the content does not change that. */
export const adminEvenOverOwners = (s: number): Expected => ({
  anonymous: 401,
  REGULAR_USER: 403,
  CLIENT: { owner: 403, other: 403 },
  CONTRIBUTOR: { owner: 403, other: 403 },
  ADMIN: s,
});
/** Any signed-in user on their own (account, file, ...), ADMIN on anyone's. */
export const selfOrAdmin = (s: number, other = 403): Expected => ({
  anonymous: 401,
  REGULAR_USER: { owner: s, other },
  CLIENT: { owner: s, other },
  CONTRIBUTOR: { owner: s, other },
  ADMIN: s,
});
/** The caller's own only, ADMIN included: someone else's is 404, as if it did not exist (resumable uploads). */
export const ownerOnly = (s: number): Expected => ({
  anonymous: 401,
  REGULAR_USER: 403,
  CLIENT: { owner: s, other: 404 },
  CONTRIBUTOR: { owner: s, other: 404 },
  ADMIN: { owner: s, other: 404 },
});
/** Invisible content: 404 for whoever may not see it, as if it did not exist. */
export const ownerOrAdminSees = (s: number): Expected => ({
  anonymous: 404,
  REGULAR_USER: 404,
  CLIENT: { owner: s, other: 404 },
  CONTRIBUTOR: { owner: s, other: 404 },
  ADMIN: s,
});

// ---- shared, read-only fixtures and the callers, made once ----
export let sessions: Record<Role, Session>;
export let stranger: TestUser;
export const shared = {} as {
  article: { id: string; slug: string };
  restrictedArticle: { id: string };
  channel: { id: string };
  category: { id: string };
  newsId: string;
  imageKey: string;
  fileKey: string;
};

export const day = 24 * 3600 * 1000;
/** A stored file shown only by a draft of the owner (its thumbnail). */
export const draftFile = async (ownerId: string) => {
  const key = await storeFile();
  await createArticle({ userId: ownerId, published: false, thumbnailKey: key });
  return key;
};
export const galleryOf = (ownerId: string) =>
  createArticle({ userId: ownerId, media: { kind: 'gallery', images: [{ key: `image/${crypto.randomUUID()}.png` }] } });
export const videoOf = (ownerId: string) =>
  createArticle({ userId: ownerId, media: { kind: 'video', videos: [{ key: `video/${crypto.randomUUID()}.mp4` }] } });
export const slugText = () =>
  unique('slug')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
/** A fresh session for the caller, for calls that end or replace the one they come with. */
export const extraSession = async (cell: Cell) => (cell.actor ? await sessionCookie(cell.actor.user) : undefined);
/** A resumable upload's owner: the caller in an (owner) cell, else a new editor (uploads per user are limited). */
export const uploadOwner = async (cell: Cell) =>
  cell.owner ? cell.ownerId : (await createUser({ role: 'CLIENT' })).id;
/** users/{id}: the caller in an (owner) cell, else a new user. */
export const accountId = async (cell: Cell) => (cell.owner ? cell.actor!.user.id : (await createUser()).id);

/** An article of the owner saved once (so it has a revision). */
export const revisedArticle = async (ownerId: string) => {
  const a = await createArticle({ userId: ownerId });
  const row = (await db().select().from(articles).where(eq(articles.id, a.id)).get())!;
  await updateArticle(db(), row, { title: unique('Revised') }, ownerId, systemScope());
  const revision = (await db().select().from(revisions).where(eq(revisions.entityId, a.id)).get())!;
  return { id: a.id, revisionId: revision.id };
};
/** A preview link of the owner's draft, and the stored file the draft shows. */
export const previewOf = async (ownerId: string) => {
  const key = await storeFile();
  const a = await createArticle({ userId: ownerId, published: false, thumbnailKey: key });
  const link = await createPreviewLink(
    db(),
    { id: ownerId, name: '', role: 'CLIENT' },
    { type: 'article', id: a.id },
    7,
  );
  return { link, key };
};

/** The four translation routes of a kind: create, read, save and delete a German translation of a fresh item. */
export function translationRows(
  path: 'articles' | 'channels' | 'categories' | 'news',
  kind: TranslatedKind,
  rule: (s: number) => Expected,
  item: (c: Cell) => Promise<string>,
): Entry[] {
  const titleField = kind === 'channel' ? 'name' : 'title';
  const existing = async (c: Cell) => {
    const id = await item(c);
    await createTranslationRow(kind, id);
    return `/${path}/${id}/translations/de-DE`;
  };
  return [
    {
      route: `POST /api/${path}/:id/translations`,
      expected: rule(201),
      request: async (c) => ({
        path: `/${path}/${await item(c)}/translations`,
        body: { language: 'de-DE', [titleField]: 'Übersetzt' },
      }),
    },
    {
      route: `GET /api/${path}/:id/translations/:language`,
      expected: rule(200),
      request: async (c) => ({ path: await existing(c) }),
    },
    {
      route: `PUT /api/${path}/:id/translations/:language`,
      expected: rule(200),
      request: async (c) => ({ path: await existing(c), body: { [titleField]: 'Neu übersetzt' } }),
    },
    {
      route: `DELETE /api/${path}/:id/translations/:language`,
      raw: true,
      expected: rule(204),
      request: async (c) => ({ path: await existing(c) }),
    },
  ];
}

// ---- the cells ----
export interface CellCase {
  name: string;
  entry: Entry;
  who: Who;
  owner: boolean;
  status: number;
}

export function cellsOf(entry: Entry): CellCase[] {
  const [ownLabel, otherLabel] = entry.variants ?? ['owner', 'non-owner'];
  const split = WHO.some((w) => typeof entry.expected[w] === 'object');
  const title = `${entry.route}${entry.when ? ` [${entry.when}]` : ''}`;
  return WHO.flatMap((who): CellCase[] => {
    const outcome = entry.expected[who];
    if (typeof outcome === 'number') {
      // In a route where ownership matters, a single cell acts on someone else's content.
      const label = split && who !== 'anonymous' ? ` (${otherLabel})` : '';
      return [{ name: `${title} as ${who}${label} → ${outcome}`, entry, who, owner: false, status: outcome }];
    }
    return [
      { name: `${title} as ${who} (${ownLabel}) → ${outcome.owner}`, entry, who, owner: true, status: outcome.owner },
      {
        name: `${title} as ${who} (${otherLabel}) → ${outcome.other}`,
        entry,
        who,
        owner: false,
        status: outcome.other,
      },
    ];
  });
}

export const DOCS = new Map(routeDocs(app.routes).map((d) => [`${d.method} ${d.path}`, d]));
/** The documented route of a row; HEAD rows are answered by the GET route. */
export const docOf = (route: string): RouteDoc => DOCS.get(route.replace(/^HEAD /, 'GET '))!;

/** The fixtures every cell reads and the callers, made once per file; the outside world mocked. */
export function setUpMatrix() {
  beforeAll(async () => {
    // The outside world: mail is intercepted, never sent.
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'matrix' });
    // and a webhook's receiver (the ping) answers without the network.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
    const roles: Role[] = ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'];
    const made = await Promise.all(
      roles.map(async (role) => {
        const user = await createUser({ role });
        return [role, { user, cookie: await sessionCookie(user) }] as const;
      }),
    );
    sessions = Object.fromEntries(made) as Record<Role, Session>;
    stranger = await createUser({ role: 'CLIENT' });
    const channel = await createChannel({ userId: stranger.id });
    const category = await createCategory();
    const article = await createArticle({ userId: stranger.id, channelId: channel.id, categoryIds: [category.id] });
    shared.article = article;
    shared.channel = channel;
    shared.category = category;
    shared.restrictedArticle = await createArticle({ userId: stranger.id, restricted: true });
    shared.newsId = (await createNewsItem({ refKind: 'article', refId: article.id, userId: stranger.id })).id;
    shared.imageKey = await createImageOption(stranger.id);
    shared.fileKey = await storeFile();
    await createArticle({ userId: stranger.id, thumbnailKey: shared.fileKey });
  });

  afterAll(() => {
    vi.restoreAllMocks();
  });
}

/** One test per cell of `rows`: the status, and the answer held to the OpenAPI document. */
export function matrixCells(rows: readonly Entry[]) {
  it.each(rows.flatMap(cellsOf))('$name', async ({ entry, who, owner, status }) => {
    const actor = who === 'anonymous' ? null : sessions[who];
    const cell: Cell = {
      who,
      actor,
      owner,
      ownerId: owner ? actor!.user.id : stranger.id,
      async freshSelf() {
        const user = await createUser({ role: who === 'anonymous' ? 'REGULAR_USER' : who });
        return { user, cookie: await sessionCookie(user) };
      },
    };
    const req = await entry.request(cell);
    const cookie = 'cookie' in req ? req.cookie : actor?.cookie;
    const method = entry.route.slice(0, entry.route.indexOf(' '));
    const doc = docOf(entry.route);
    if (entry.raw) {
      const headers = new Headers(cookie ? { Cookie: cookie } : {});
      const res = await exports.default.fetch(new Request(`${BASE}/api${req.path}`, { method, headers }));
      await res.arrayBuffer();
      expect(res.status).toBe(status);
      expect(
        status < 400 ? Object.keys(doc.raw?.statuses ?? {}).map(Number) : doc.errors,
        'documented statuses',
      ).toContain(status);
      return;
    }
    const res = await call(req.path, {
      method,
      body: req.body,
      cookie,
      ...(req.headers ? { headers: req.headers } : {}),
    });
    expect(res.status, res.body.message).toBe(status);
    expect(res.body.code).toBe(status);
    if (status >= 400) {
      expect(doc.errors, 'documented error codes').toContain(status);
    } else {
      expect(doc.statuses, 'documented success statuses').toContain(status);
      const parsed = z.safeParse(doc.result!, res.body.result);
      expect(parsed.error?.issues ?? [], 'the documented result schema').toEqual([]);
      // Parsing strips what the schema does not name: equal means the result holds no undocumented field.
      expect(parsed.data, 'no field beyond the documented ones').toEqual(res.body.result);
    }
  });
}
