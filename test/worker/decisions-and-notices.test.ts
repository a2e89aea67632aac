// What a reader or an editor learns of others' decisions: a revoke shows in the request's state, and every
// access decision (allow, deny, revoke) and publication decision (approve, reject with a reason) is mailed in the
// recipient's language with a link; and an owner can unpublish, which the publication history records.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { articles, users } from '#schema/tables';
import { asRole, createArticle, createChannel } from './content-factories';
import { db } from './helpers';
import { composeNotice, noticePath, type Notice } from '#worker/services/notices';
import { contentPath as webContentPath, workspaceItemPath } from '#web/paths';

type Caller = Awaited<ReturnType<typeof asRole>>;
type SentMail = { to: string; subject: string; text: string };

const spyOnMail = () => vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
const mailsTo = (send: ReturnType<typeof spyOnMail>, to: string) =>
  send.mock.calls.map(([m]) => m as unknown as SentMail).filter((m) => m.to === to);
const setLocale = (id: string, locale: 'en-US' | 'de-DE') => db().update(users).set({ locale }).where(eq(users.id, id));

async function allowedRequest(reader: Caller, admin: Caller, contentId: string) {
  const asked = await reader.call('/userContent', { method: 'POST', body: { contentId, contentType: 'article' } });
  expect(asked.status).toBe(201);
  expect((await admin.call(`/userContent/allow-request/${asked.body.result.id}`)).status).toBe(200);
  return asked.body.result.id as string;
}

describe('access decisions', () => {
  it('a revoke turns the allowed request into REVOKED, so mySO never shows "Allowed" beside no access', async () => {
    spyOnMail();
    const owner = await asRole('CLIENT');
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const article = await createArticle({ userId: owner.user.id, restricted: true, published: true });
    const requestId = await allowedRequest(reader, admin, article.id);

    const revoked = await owner.call('/userContent/revoke-access-channel', {
      method: 'POST',
      body: { userId: reader.user.id, contentId: article.id },
    });
    expect(revoked.status).toBe(200);
    const mine = await reader.call('/userContent/my/requests/articles');
    expect(mine.body.result.items).toMatchObject([{ id: requestId, status: 'REVOKED' }]);
    expect((await reader.call('/userContent/my/access/articles')).body.result.items).toEqual([]);
    const mySO = await reader.call('/myso/vm');
    expect(JSON.stringify(mySO.body.result)).not.toContain('"ALLOWED"');
    // REVOKED is a state the lists filter by, and a new request may be opened again.
    const filtered = await admin.call('/userContent/requests?status=REVOKED&limit=100');
    expect(filtered.body.result.items.map((r: { id: string }) => r.id)).toContain(requestId);
    const again = await reader.call('/userContent', {
      method: 'POST',
      body: { contentId: article.id, contentType: 'article' },
    });
    expect(again.status).toBe(201);
  });

  it('mails the reader on allow, deny and revoke, in their language, with a link to the content', async () => {
    const send = spyOnMail();
    const owner = await asRole('CLIENT');
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    await setLocale(reader.user.id, 'de-DE');
    const article = await createArticle({ userId: owner.user.id, restricted: true, title: 'Sauerteig' });
    const other = await createArticle({ userId: owner.user.id, restricted: true, title: 'Roggen' });

    await allowedRequest(reader, admin, article.id);
    const denied = await reader.call('/userContent', {
      method: 'POST',
      body: { contentId: other.id, contentType: 'article' },
    });
    await admin.call(`/userContent/deny-request/${denied.body.result.id}`);
    await owner.call('/userContent/revoke-access-channel', {
      method: 'POST',
      body: { userId: reader.user.id, contentId: article.id },
    });

    await vi.waitFor(() => expect(mailsTo(send, reader.user.email!)).toHaveLength(3));
    const [allowed, deny, revoke] = mailsTo(send, reader.user.email!);
    expect(allowed!.subject).toBe('Zugriff erteilt: Sauerteig');
    expect(allowed!.text).toContain(`http://localhost:8787/article/${article.id}`);
    expect(allowed!.text).toContain(`Guten Tag ${reader.user.name},`);
    expect(deny!.subject).toBe('Zugriffsanfrage abgelehnt: Roggen');
    expect(deny!.text).toContain(`http://localhost:8787/article/${other.id}`);
    expect(revoke!.subject).toBe('Zugriff entzogen: Sauerteig');
  });

  it('writes in English to a reader who did not choose German', async () => {
    const send = spyOnMail();
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const channel = await createChannel({ restricted: true, published: true, name: 'Sourdough' });
    const asked = await reader.call('/userContent', {
      method: 'POST',
      body: { contentId: channel.id, contentType: 'channel' },
    });
    await admin.call(`/userContent/allow-request/${asked.body.result.id}`);
    await vi.waitFor(() => expect(mailsTo(send, reader.user.email!)).toHaveLength(1));
    expect(mailsTo(send, reader.user.email!)[0]).toMatchObject({
      subject: 'Access granted: Sourdough',
      text: expect.stringContaining(`http://localhost:8787/chan/${channel.id}`),
    });
  });
});

describe('publication decisions', () => {
  const ask = (who: Caller, contentId: string) =>
    who.call('/publications', { method: 'POST', body: { contentId, type: 'article' } });

  it('a rejection keeps the optional reason, shows it to the editor and mails it; approval mails too', async () => {
    const send = spyOnMail();
    const editor = await asRole('CLIENT');
    const admin = await asRole('ADMIN');
    const article = await createArticle({ userId: editor.user.id, published: false, title: 'Draft one' });
    const first = await ask(editor, article.id);
    const rejected = await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: first.body.result.id, status: 'REJECTED', reason: '  The teaser is missing  ' },
    });
    expect(rejected.body.result).toMatchObject({ status: 'REJECTED', reason: 'The teaser is missing' });
    const listed = await editor.call('/publications/requests');
    expect(listed.body.result.items).toMatchObject([{ id: first.body.result.id, reason: 'The teaser is missing' }]);

    const second = await ask(editor, article.id);
    await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: second.body.result.id, status: 'APPROVED' },
    });
    await vi.waitFor(() => expect(mailsTo(send, editor.user.email!)).toHaveLength(2));
    const [no, yes] = mailsTo(send, editor.user.email!);
    expect(no).toMatchObject({ subject: 'Publication declined: Draft one' });
    expect(no!.text).toContain('Reason: The teaser is missing');
    // A rejection sends the editor to the form where they fix it; an approval to the public page.
    expect(no!.text).toContain(
      `Change it and ask again here:\nhttp://localhost:8787/myaccount/articles/${article.id}\n`,
    );
    expect(no!.text).not.toContain(`/article/${article.id}`);
    expect(yes).toMatchObject({ subject: 'Published: Draft one' });
    expect(yes!.text).toContain(`Open it here:\nhttp://localhost:8787/article/${article.id}\n`);
    // The sentence after the greeting starts a sentence.
    expect(no!.text).toContain(
      `Hello ${editor.user.name},\n\nYour request to publish the article “Draft one” was declined.`,
    );
    // Too long a reason is a clear 400.
    const third = await ask(editor, (await createArticle({ userId: editor.user.id, published: false })).id);
    const tooLong = await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: third.body.result.id, status: 'REJECTED', reason: 'x'.repeat(1001) },
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('POST /publications/unpublish', () => {
  const unpublish = (who: Caller, contentId: string, type: 'article' | 'channel' = 'article') =>
    who.call('/publications/unpublish', { method: 'POST', body: { contentId, type } });

  it('takes the owner’s published article back to draft: visitors get 404 at once, history records it', async () => {
    spyOnMail();
    const editor = await asRole('CLIENT');
    const admin = await asRole('ADMIN');
    const visitor = await asRole('REGULAR_USER');
    const article = await createArticle({ userId: editor.user.id, published: false });
    const asked = await editor.call('/publications', {
      method: 'POST',
      body: { contentId: article.id, type: 'article' },
    });
    await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: asked.body.result.id, status: 'APPROVED' },
    });
    expect((await visitor.call(`/articles/${article.id}`)).status).toBe(200);

    const res = await unpublish(editor, article.id);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id: asked.body.result.id, status: 'UNPUBLISHED' });
    expect((await db().select().from(articles).where(eq(articles.id, article.id)).get())!.published).toBe(false);
    expect((await visitor.call(`/articles/${article.id}`)).status).toBe(404);
    const history = await editor.call('/publications/requests');
    expect(history.body.result.items).toMatchObject([{ id: asked.body.result.id, status: 'UNPUBLISHED' }]);
    // A second time: it is a draft already.
    expect((await unpublish(editor, article.id)).body).toMatchObject({ code: 409, message: 'Not published' });
    // And it may be asked for again.
    expect(
      (await editor.call('/publications', { method: 'POST', body: { contentId: article.id, type: 'article' } })).status,
    ).toBe(201);
  });

  it('records content published without a request too; someone else’s is 403, unknown 404', async () => {
    const owner = await asRole('CLIENT');
    const other = await asRole('CONTRIBUTOR');
    const admin = await asRole('ADMIN');
    const channel = await createChannel({ userId: owner.user.id, published: true });
    expect((await unpublish(other, channel.id, 'channel')).status).toBe(403);
    expect((await unpublish(owner, crypto.randomUUID())).status).toBe(404);
    const res = await unpublish(admin, channel.id, 'channel');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ contentId: channel.id, type: 'channel', status: 'UNPUBLISHED' });
    // The owner's history shows it, though ADMIN did it.
    const history = await owner.call('/publications/requests?status=UNPUBLISHED');
    expect(history.body.result.items).toMatchObject([{ contentId: channel.id, userId: owner.user.id }]);
  });
});

describe('notice mails', () => {
  it('start the sentence after the greeting with a capital, in every decision and language', () => {
    const decisions: Notice[] = [
      ...(['ALLOWED', 'DENIED', 'REVOKED'] as const).map((decision): Notice => ({
        kind: 'access',
        decision,
        contentType: 'article',
        contentId: 'a1',
      })),
      ...(['APPROVED', 'REJECTED'] as const).map((decision): Notice => ({
        kind: 'publication',
        decision,
        contentType: 'channel',
        contentId: 'c1',
      })),
    ];
    for (const locale of ['en-US', 'de-DE'] as const)
      for (const notice of decisions) {
        const { text } = composeNotice(locale, { name: 'Ada' }, notice, 'Bread', 'https://portal.example');
        const sentence = text.split('\n\n')[1]!;
        expect(sentence[0], `${locale} ${notice.decision}: ${sentence}`).toMatch(/\p{Lu}/u);
      }
  });

  it('link a declined publication to the workspace form the SPA serves', () => {
    for (const contentType of ['article', 'channel'] as const) {
      const notice: Notice = { kind: 'publication', decision: 'REJECTED', contentType, contentId: 'x/1' };
      expect(noticePath(notice)).toBe(workspaceItemPath(contentType, 'x/1'));
      expect(noticePath({ ...notice, decision: 'APPROVED' })).toBe(webContentPath(contentType, 'x/1'));
    }
  });
});
