// Structured errors (docs/decisions/043-structured-errors.md): every 400 carries `result.issues` with the path,
// zod's code and the message of each refused field, while the envelope's message keeps SPEC's wording; domain
// refusals of a field (a taken name or slug, a webhook URL, a wrong password) carry an issue with the project's own
// code; and a preview page with a bad token is a 404 page.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_VERSION } from '#schema/document';
import { fieldIssue } from '#schema/entities';
import { WEBHOOK_EVENTS } from '#schema/enums';
import { createArticle, createCategory } from './content-factories';
import { as, BASE, call, createUser, sessionCookie } from './helpers';

const issuesOf = (body: { result: unknown }) => (body.result as { issues: unknown[] }).issues;

describe('a 400 lists its issues', () => {
  it('from the validator of a body: path, zod code and message, the message as SPEC says', async () => {
    const res = await call('/users', { method: 'POST', body: { name: 'x', email: 'not-a-mail', password: 'short' } });
    expect(res.status).toBe(400);
    const issues = issuesOf(res.body);
    for (const issue of issues) expect(fieldIssue.safeParse(issue).success).toBe(true);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['email'], code: 'invalid_format' }),
        expect.objectContaining({ path: ['password'], code: 'too_small' }),
      ]),
    );
    // The message is made of the same issues, in SPEC's words.
    const expected = (issues as { path: string[]; message: string }[])
      .map((i) => `${i.message} at "${i.path.join('.')}"`)
      .join('; ');
    expect(res.body.message).toBe(`Validation error: ${expected}`);
  });

  it('from the validator of a path and of a query, with zod codes', async () => {
    const param = await call('/articles/not-a-uuid-nor-a-slug!');
    expect(param.status).toBe(400);
    expect(issuesOf(param.body)).toEqual([
      { path: ['id'], code: expect.any(String) as string, message: expect.any(String) as string },
    ]);
    const query = await call('/news?limit=9999');
    expect(query.status).toBe(400);
    expect(issuesOf(query.body)).toEqual([expect.objectContaining({ path: ['limit'], code: 'too_big' })]);
  });

  it('nested paths keep their array indexes as numbers', async () => {
    const editor = await as('CLIENT');
    const article = await createArticle({ userId: editor.user!.id });
    const res = await editor.call(`/articles/${article.id}`, {
      method: 'PUT',
      // A valid document version, so the first issue is the image node's, inside the array.
      body: {
        body: {
          version: DOCUMENT_VERSION,
          children: [{ type: 'image', mediaId: crypto.randomUUID(), alt: 'A' }],
        },
      },
    });
    expect(res.status).toBe(400);
    // The image's media is not in the article's gallery: the issue is at its field, inside the array.
    expect(issuesOf(res.body)[0]).toMatchObject({ path: ['body', 'children', 0, 'mediaId'] });
    expect(typeof (issuesOf(res.body)[0] as { path: unknown[] }).path[2]).toBe('number');
  });

  it('an empty list when no field is at fault', async () => {
    const res = await call('/news?cursor=garbage');
    expect(res.body).toEqual({ code: 400, message: 'Invalid cursor', result: { issues: [] } });
  });
});

describe('domain refusals of a field carry their own code', () => {
  // Self-registration never tells whether an address is taken (decision 039): a taken name and address name the
  // name only. An ADMIN creating an account is told of both, with an issue at each field.
  it('a taken name at registration: 409 with name_taken at name, never the address', async () => {
    const taken = await createUser();
    const res = await call('/users', {
      method: 'POST',
      body: { name: taken.name, email: taken.email, password: 'a-long-enough-password' },
      headers: { 'CF-Connecting-IP': '10.91.0.1' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 409,
      message: 'Name already taken',
      result: { issues: [{ path: ['name'], code: 'name_taken', message: 'Name already taken' }] },
    });
  });

  it('a taken name and e-mail as ADMIN: 409 with an issue at each field', async () => {
    const taken = await createUser();
    const admin = await as('ADMIN');
    const res = await admin.call('/users', {
      method: 'POST',
      body: { name: taken.name, email: taken.email, password: 'a-long-enough-password' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Name already taken; Email already taken');
    expect(res.body.result).toEqual({
      issues: [
        { path: ['name'], code: 'name_taken', message: 'Name already taken' },
        { path: ['email'], code: 'email_taken', message: 'Email already taken' },
      ],
    });
  });

  it('a wrong current password: 403 with wrong_password at currentPassword', async () => {
    const user = await createUser();
    const res = await call(`/users/${user.id}`, {
      method: 'PUT',
      body: { password: 'another-long-password', currentPassword: 'not-the-password' },
      cookie: await sessionCookie(user),
      headers: { 'CF-Connecting-IP': '10.91.0.2' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 403,
      message: 'Current password is wrong',
      result: { issues: [{ path: ['currentPassword'], code: 'wrong_password', message: 'Current password is wrong' }] },
    });
  });

  it('a common password: 400 with password_common at password', async () => {
    const res = await call('/users', {
      method: 'POST',
      body: { name: `u${Date.now()}`, password: 'password123' },
      headers: { 'CF-Connecting-IP': '10.91.0.3' },
    });
    expect(res.status).toBe(400);
    expect(issuesOf(res.body)).toEqual([expect.objectContaining({ path: ['password'], code: 'password_common' })]);
    expect(res.body.message).toMatch(/^Validation error: .+ at "password"$/);
  });

  it('a webhook URL without https: 400 with url_not_https at url', async () => {
    const admin = await as('ADMIN');
    const res = await admin.call('/webhooks', {
      method: 'POST',
      // Valid events, so the URL is what is refused.
      body: { url: 'http://hooks.example.com/x', events: [WEBHOOK_EVENTS[0]] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: 'Validation error: Webhook URL must use https at "url"',
      result: { issues: [{ path: ['url'], code: 'url_not_https', message: 'Webhook URL must use https' }] },
    });
  });

  it('a taken slug: 409 with slug_taken at slug', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const mine = await createArticle({ userId: owner.id });
    const other = await createCategory();
    const res = await call(`/slugs/${mine.id}`, {
      method: 'PUT',
      body: { slug: other.slug },
      cookie: await sessionCookie(owner),
    });
    expect(res.status).toBe(409);
    expect(res.body.result).toEqual({
      issues: [{ path: ['slug'], code: 'slug_taken', message: 'Slug already taken' }],
    });
  });
});

describe('a bad preview token', () => {
  const page = (path: string) => exports.default.fetch(new Request(BASE + path, { redirect: 'manual' }));

  it('is a 404 page, whether mistyped or unknown, and never kept by the edge', async () => {
    for (const token of ['not-a-token', 'A'.repeat(43)]) {
      const res = await page(`/preview/${token}`);
      expect(res.status, token).toBe(404);
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      const html = await res.text();
      expect(html).not.toContain('Validation error');
      expect(html).not.toContain('Expected a preview token');
    }
  });

  it('a live link renders its draft with status 200, not cached', async () => {
    const editor = await as('CLIENT');
    const article = await createArticle({ userId: editor.user!.id, published: false, title: 'Draft under review' });
    const link = await editor.call('/previews', { method: 'POST', body: { type: 'article', id: article.id } });
    expect(link.status).toBe(201);
    const res = await page(`/preview/${link.body.result.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await res.text()).toContain('Draft under review');
  });
});
