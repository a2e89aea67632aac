import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentRequest } from '#schema/entities';
import { contentRequests } from '#schema/tables';
import { requestAccess } from '#worker/queries/user-content';
import { decideRequest } from '#worker/queries/access-decisions';
import { createArticle, createChannel, grantAccess } from './content-factories';
import { as, call, createUser, db } from './helpers';
import { systemScope } from '#worker/services/audit';
import { uuid, ask, grantsOf } from './user-content-kit';

describe('POST /userContent (asking for access)', () => {
  it('opens a PENDING request for a restricted article and refuses a second open one with 409', async () => {
    const reader = await as('REGULAR_USER');
    const article = await createArticle({ restricted: true });
    const res = await ask(reader, article.id, 'article');
    expect(res.status).toBe(201);
    expect(contentRequest.parse(res.body.result)).toMatchObject({
      userId: reader.user!.id,
      contentId: article.id,
      contentType: 'article',
      status: 'PENDING',
    });
    const again = await ask(reader, article.id, 'article');
    expect(again.body).toEqual({ code: 409, message: 'An open request for this content exists', result: null });
    // Another user has their own request.
    expect((await ask(await as('REGULAR_USER'), article.id, 'article')).status).toBe(201);
  });

  it('lets a user ask for a private channel they cannot see, by its id', async () => {
    const reader = await as('REGULAR_USER');
    const channel = await createChannel({ private: true });
    expect((await call(`/channels/${channel.id}`, { cookie: reader.cookie })).status).not.toBe(200);
    expect((await ask(reader, channel.id, 'channel')).status).toBe(201);
    const inPrivate = await createArticle({ channelId: (await createChannel({ private: true })).id });
    expect((await ask(reader, inPrivate.id, 'article')).status).toBe(201);
  });

  it('answers 404 for unknown content, drafts, content in unpublished channels and the wrong type', async () => {
    const reader = await as('REGULAR_USER');
    const draft = await createArticle({ restricted: true, published: false });
    const draftChannel = await createChannel({ private: true, published: false });
    const inDraftChannel = await createArticle({
      restricted: true,
      channelId: (await createChannel({ published: false })).id,
    });
    const channel = await createChannel({ private: true });
    const cases: [string, 'article' | 'channel'][] = [
      [uuid(), 'article'],
      [uuid(), 'channel'],
      [draft.id, 'article'],
      [draftChannel.id, 'channel'],
      [inDraftChannel.id, 'article'],
      [channel.id, 'article'],
    ];
    for (const [contentId, contentType] of cases) {
      expect((await ask(reader, contentId, contentType)).body).toEqual({
        code: 404,
        message: 'Content not found',
        result: null,
      });
    }
  });

  it('answers 409 when the caller can already read the content', async () => {
    const reader = await as('REGULAR_USER');
    const open = await createArticle();
    const own = await createArticle({ restricted: true, userId: reader.user!.id });
    const granted = await createChannel({ restricted: true });
    await grantAccess(reader.user!.id, granted.id, 'channel');
    const coveredByChannel = await createArticle({ restricted: true, channelId: granted.id });
    expect((await ask(reader, open.id, 'article')).body).toMatchObject({
      code: 409,
      message: 'You can already read this content',
    });
    expect((await ask(reader, own.id, 'article')).body).toMatchObject({
      code: 409,
      message: 'You can already read this content',
    });
    expect((await ask(reader, granted.id, 'channel')).body).toMatchObject({
      code: 409,
      message: 'Access already granted',
    });
    expect((await ask(reader, coveredByChannel.id, 'article')).body).toMatchObject({
      code: 409,
      message: 'You can already read this content',
    });
    expect((await ask(await as('ADMIN'), (await createArticle({ restricted: true })).id, 'article')).status).toBe(409);
  });

  it('allows a new request once the previous one was denied', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const article = await createArticle({ restricted: true });
    const first = await ask(reader, article.id, 'article');
    expect((await admin.call(`/userContent/deny-request/${first.body.result.id}`)).body.result.status).toBe('DENIED');
    expect((await ask(reader, article.id, 'article')).status).toBe(201);
  });

  it('validates the body and needs a session', async () => {
    const reader = await as('REGULAR_USER');
    const bad = await reader.call('/userContent', { method: 'POST', body: { contentId: uuid(), contentType: 'news' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Validation error: .* at "contentType"$/);
    const anon = await call('/userContent', { method: 'POST', body: { contentId: uuid(), contentType: 'article' } });
    expect(anon.body).toEqual({ code: 401, message: 'Sign-in required', result: null });
  });

  it('opens only one request when two race', async () => {
    const user = await createUser();
    const viewer = { id: user.id, name: user.name, role: user.role };
    const article = await createArticle({ restricted: true });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => requestAccess(db(), viewer, { contentId: article.id, contentType: 'article' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      await db().select().from(contentRequests).where(eq(contentRequests.contentId, article.id)).all(),
    ).toHaveLength(1);
  });
});

describe('allow and deny', () => {
  it('allow writes the grant and marks the request ALLOWED; deciding again is 409', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const channel = await createChannel({ private: true });
    const request = (await ask(reader, channel.id, 'channel')).body.result;
    const allowed = await admin.call(`/userContent/allow-request/${request.id}`);
    expect(allowed.status).toBe(200);
    expect(allowed.body.result).toMatchObject({ id: request.id, status: 'ALLOWED' });
    expect(await grantsOf(reader.user!.id, channel.id)).toHaveLength(1);
    const row = await db().select().from(contentRequests).where(eq(contentRequests.id, request.id)).get();
    expect(row).toMatchObject({ status: 'ALLOWED' });
    expect(row!.decidedAt).toBeTypeOf('number');
    expect((await admin.call(`/userContent/allow-request/${request.id}`)).body).toEqual({
      code: 409,
      message: 'Request already allowed',
      result: null,
    });
    expect((await admin.call(`/userContent/deny-request/${request.id}`)).status).toBe(409);
  });

  it('deny marks DENIED and grants nothing', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const article = await createArticle({ restricted: true });
    const request = (await ask(reader, article.id, 'article')).body.result;
    expect((await admin.call(`/userContent/deny-request/${request.id}`)).body.result).toMatchObject({
      status: 'DENIED',
    });
    expect(await grantsOf(reader.user!.id, article.id)).toEqual([]);
    expect((await admin.call(`/userContent/allow-request/${request.id}`)).body.message).toBe('Request already denied');
    expect(await grantsOf(reader.user!.id, article.id)).toEqual([]);
  });

  it('is ADMIN only, same-origin only, and 404 for an unknown request', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const article = await createArticle({ restricted: true });
    const request = (await ask(reader, article.id, 'article')).body.result;
    for (const action of ['allow-request', 'deny-request']) {
      expect((await call(`/userContent/${action}/${request.id}`)).status).toBe(401);
      expect((await reader.call(`/userContent/${action}/${request.id}`)).status).toBe(403);
      expect((await (await as('CONTRIBUTOR')).call(`/userContent/${action}/${request.id}`)).status).toBe(403);
      const crossSite = await admin.call(`/userContent/${action}/${request.id}`, {
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(crossSite.body).toEqual({ code: 403, message: 'Cross-site request refused', result: null });
      const foreign = await admin.call(`/userContent/${action}/${request.id}`, {
        headers: { Origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
      expect((await admin.call(`/userContent/${action}/${uuid()}`)).body).toEqual({
        code: 404,
        message: 'Request not found',
        result: null,
      });
      expect((await admin.call(`/userContent/${action}/not-a-uuid`)).status).toBe(400);
    }
    expect((await db().select().from(contentRequests).where(eq(contentRequests.id, request.id)).get())!.status).toBe(
      'PENDING',
    );
    expect(await grantsOf(reader.user!.id, article.id)).toEqual([]);
  });

  it('keeps an existing grant when allowing', async () => {
    const user = await createUser();
    const article = await createArticle({ restricted: true });
    const request = await requestAccess(
      db(),
      { id: user.id, name: user.name, role: user.role },
      { contentId: article.id, contentType: 'article' },
    );
    await grantAccess(user.id, article.id, 'article');
    expect((await decideRequest(db(), request.id, 'ALLOWED', systemScope())).status).toBe('ALLOWED');
    expect(await grantsOf(user.id, article.id)).toHaveLength(1);
  });
});
