// The Cron Trigger under the local server (decision 040): the e2e setup starts wrangler dev as `npm start` does,
// with the timer that runs the scheduled handler every minute. An approved publication with a start a minute ahead
// goes public on its own, with nobody calling anything.
import { baseUrl, expect, loginByApi, newContext, test } from './browser';

const origin = () => new URL(baseUrl()).origin;

test(
  'a publication approved with a start 60 s ahead is public within 2 minutes, with no manual step',
  {
    timeout: 200_000,
  },
  async ({ browser }) => {
    const editor = await newContext(browser);
    const admin = await newContext(browser);
    const visitor = await newContext(browser);
    try {
      await loginByApi(editor, 'editor');
      await loginByApi(admin, 'admin');
      const title = `Opening at noon ${Date.now().toString(36)}`;
      const created = await editor.request.post('/api/articles', {
        data: { title, type: 'text', channelId: null, description: 'Doors open soon.' },
        headers: { Origin: origin() },
      });
      expect(created.status()).toBe(201);
      const articleId = ((await created.json()) as { result: { id: string } }).result.id;
      const start = Date.now() + 60_000;
      const asked = await editor.request.post('/api/publications', {
        data: { contentId: articleId, type: 'article', publishAt: new Date(start).toISOString() },
        headers: { Origin: origin() },
      });
      expect(asked.status()).toBe(201);
      const requestId = ((await asked.json()) as { result: { id: string } }).result.id;
      const approved = await admin.request.put('/api/publications/update-status', {
        data: { id: requestId, status: 'APPROVED' },
        headers: { Origin: origin() },
      });
      expect(approved.status()).toBe(200);
      const approvedAt = Date.now();

      // A read that takes long on a busy machine counts as "not yet", not as a failure: the deadline decides.
      const isPublic = () =>
        visitor.request.get(`/api/articles/${articleId}`, { timeout: 20_000 }).then(
          (response) => response.status() === 200,
          () => false,
        );
      expect(await isPublic()).toBe(false);
      while (!(await isPublic())) {
        expect(Date.now() - approvedAt, 'not public within 2 minutes of the approval').toBeLessThan(120_000);
        await new Promise((r) => setTimeout(r, 2000));
      }
      // Not before its start.
      expect(Date.now()).toBeGreaterThanOrEqual(start);
      // The rendered page follows too (its cached copies went with the run).
      const page = await visitor.newPage();
      const response = await page.goto(`/article/${articleId}`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    } finally {
      await Promise.all([editor.close(), admin.close(), visitor.close()]);
    }
  },
);
