// Writing like a newsroom, in Chromium against wrangler dev: an editor writes a formatted article (a heading, a bold
// phrase, a link, a list, a gallery picture and a new one uploaded from the editor placed in the text), previews
// it, schedules it; a second browser context saving meanwhile gets the conflict dialog; a reload mid-typing offers
// the unsaved text back; once approved and due (the Cron Trigger run with the clock moved), a visitor sees exactly
// what was written.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, expect, loginByApi, newContext, screenshot, test, watchProblems } from './browser';

const MEDIA = path.resolve(import.meta.dirname, '../../worker/scripts/demo-media');
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const origin = () => new URL(baseUrl()).origin;
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });
const HOUR = 3600_000;

async function apiCall<T>(context: BrowserContext, method: string, url: string, data?: unknown): Promise<T> {
  const response = await context.request.fetch(`/api${url}`, {
    method,
    headers: { Origin: origin() },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { message: string; result: T };
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${body.message}`);
  return body.result;
}

/** Runs the worker's Cron Trigger as wrangler dev offers it, at `time` (the clock moved). */
async function cronAt(context: BrowserContext, time: number) {
  const response = await context.request.get(`/cdn-cgi/local/scheduled?cron=*+*+*+*+*&time=${time}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** `YYYY-MM-DDTHH:MM` of a time in the browser's zone, as a datetime-local input takes it. */
const localInput = (time: number) => {
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

test(
  'an editor writes, previews and schedules a formatted article; conflicts and reloads lose nothing; visitors see it when due',
  { timeout: 240_000 },
  async ({ page, context, browser }) => {
    const problems = watchProblems(page);
    const title = `Harbour report ${Date.now().toString(36)}`;
    await loginByApi(context, 'editor');

    // 1. A gallery article with one picture.
    await page.goto('/myaccount/articles/new');
    await h1(page, 'New article').waitFor();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('combobox', { name: 'Type' }).selectOption('gallery');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/myaccount\/articles\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByLabel('Add pictures').setInputFiles([path.join(MEDIA, 'alps-lake.jpg')]);
    await poll(
      () => page.getByRole('list', { name: 'Pictures of the gallery' }).getByRole('listitem').count(),
      30_000,
    ).toBe(1);

    // 2. The text: a heading, a bold phrase, a link, a list, and the picture placed in it.
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    const toolbar = page.getByRole('toolbar', { name: 'Text formatting' });
    await text.click();
    await page.keyboard.type('Harbour news');
    await toolbar.getByRole('button', { name: 'Heading' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('bold phrase');
    await page.keyboard.press('Control+B');
    await page.keyboard.type(' near the port');
    for (let i = 0; i < 'the port'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    await page.getByRole('textbox', { name: 'Link address' }).fill('https://example.com/port');
    await page.getByRole('button', { name: 'Apply' }).click();
    // The editor has the focus back with the caret after the link.
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('ferries');
    await page.keyboard.press('Enter');
    await page.keyboard.type('fishing boats');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Insert picture' }).click();
    await page.getByRole('textbox', { name: 'Alternative text (what the picture shows)' }).fill('The lake at dawn');
    await page.getByRole('textbox', { name: 'Caption (optional)' }).fill('Seen from the quay');
    await page.getByRole('button', { name: 'Insert', exact: true }).click();
    // A new picture straight from the editor: it goes up into the gallery and the text places it.
    await toolbar.getByRole('button', { name: 'Insert picture' }).click();
    const panel = page.getByRole('group', { name: 'Insert picture' });
    await panel.getByRole('radio', { name: 'A new picture from this device' }).check();
    await panel.getByLabel('Picture file').setInputFiles([path.join(MEDIA, 'alps-hut.jpg')]);
    await panel.getByRole('textbox', { name: 'Alternative text (what the picture shows)' }).fill('The hut above');
    await panel.getByRole('button', { name: 'Upload and insert' }).click();
    await panel.waitFor({ state: 'detached', timeout: 30_000 });
    await poll(() => page.getByRole('list', { name: 'Pictures of the gallery' }).getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').first().waitFor();

    const saved = await apiCall<{ body: { children: { type: string }[] }; version: number }>(
      context,
      'GET',
      `/articles/${id}`,
    );
    const json = JSON.stringify(saved.body);
    expect(saved.body.children[0]).toEqual({
      type: 'heading',
      level: 2,
      children: [{ type: 'text', text: 'Harbour news' }],
    });
    expect(json).toContain('{"type":"text","text":"bold phrase","bold":true}');
    expect(json).toContain(
      '{"type":"link","href":"https://example.com/port","children":[{"type":"text","text":"the port"}]}',
    );
    expect(json).toMatch(/"type":"list","ordered":false,"items":\[.*ferries.*fishing boats/);
    expect(json).toMatch(
      /"type":"image","mediaId":"[0-9a-f-]{36}","alt":"The lake at dawn","caption":"Seen from the quay"/,
    );
    // The uploaded one is placed by the id of the gallery's new picture.
    const uploaded = await apiCall<{ media: { images: { id: string }[] } }>(context, 'GET', `/articles/${id}`);
    expect(json).toContain(`{"type":"image","mediaId":"${uploaded.media.images[1]!.id}","alt":"The hut above"}`);

    // 3. Preview: the public page's rendering of the form's state, unsaved changes included.
    await page.getByRole('textbox', { name: 'Teaser', exact: true }).fill('Not saved yet');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: /^Preview/ });
    await preview.getByRole('heading', { level: 2, name: /Harbour news/ }).waitFor();
    await preview.getByText('Not saved yet').waitFor();
    expect(await preview.locator('strong').textContent()).toBe('bold phrase');
    await screenshot(page, 'newsroom-preview');
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await page.getByRole('textbox', { name: 'Teaser', exact: true }).fill('');

    // 4. A second browser context saves the same article meanwhile, a flag among its changes: this form's save gets
    // the conflict dialog. (Its title alone would not: the two forms share the title through the article's room, so
    // this one already shows it, and its save goes over the other's without asking: decision 051.)
    const other = await newContext(browser);
    await loginByApi(other, 'editor');
    const otherPage = await other.newPage();
    await otherPage.goto(`/myaccount/articles/${id}`);
    await otherPage.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (checked)`);
    await otherPage.getByRole('checkbox', { name: 'Hidden' }).check();
    await otherPage.getByRole('button', { name: 'Save changes' }).click();
    await otherPage.getByText('Saved.').first().waitFor();
    await other.close();
    await page.getByRole('textbox', { name: 'Teaser', exact: true }).fill('Mine, written meanwhile');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.getByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
    await conflict.waitFor();
    await conflict.getByText(`${title} (checked)`).waitFor();
    await screenshot(page, 'newsroom-conflict');
    await conflict.getByRole('button', { name: 'Discard mine and load theirs' }).click();
    await poll(() => page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(`${title} (checked)`);
    expect(await page.getByRole('checkbox', { name: 'Hidden' }).isChecked()).toBe(true);

    // 5. Schedule it: a wished start an hour ahead; the list says when.
    const start = Math.ceil((Date.now() + HOUR) / 60_000) * 60_000;
    const box = page.locator('section', { has: page.getByRole('heading', { name: 'Publication', exact: true }) });
    await box.getByLabel('Wished start (optional)').fill(localInput(start));
    await box.getByRole('button', { name: 'Request publication' }).click();
    await box.getByText(/Scheduled for/).waitFor();
    await page.goto('/myaccount/articles');
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByText(/Scheduled for/)
      .waitFor();

    // 6. An admin approves; nothing is public before the start, the Cron Trigger publishes it at the start.
    const admin = await newContext(browser);
    await loginByApi(admin, 'admin');
    const requests = await apiCall<{ items: { id: string; contentId: string; publishAt: string | null }[] }>(
      admin,
      'GET',
      '/publications/requests?status=PENDING',
    );
    const request = requests.items.find((r) => r.contentId === id)!;
    expect(Date.parse(request.publishAt!)).toBe(start);
    await apiCall(admin, 'PUT', '/publications/update-status', { id: request.id, status: 'APPROVED' });
    const visitor = await newContext(browser);
    const view = await visitor.newPage();
    const viewProblems = watchProblems(view);
    expect((await visitor.request.get(`/api/articles/${id}`)).status()).toBe(404);
    await cronAt(admin, start - 60_000);
    expect((await visitor.request.get(`/api/articles/${id}`)).status()).toBe(404);
    await cronAt(admin, start + 30_000);
    expect((await visitor.request.get(`/api/articles/${id}`)).status()).toBe(200);
    await admin.close();

    // 7. The visitor sees exactly what was written.
    await view.goto(`/article/${id}`);
    await h1(view, `${title} (checked)`).waitFor();
    const heading = view.getByRole('heading', { level: 2, name: /Harbour news/ });
    expect(await heading.getAttribute('id')).toBe('harbour-news');
    expect(await view.getByRole('main').locator('strong').textContent()).toBe('bold phrase');
    expect(await view.getByRole('link', { name: 'the port' }).getAttribute('href')).toBe('https://example.com/port');
    expect(await view.getByRole('main').locator('ul li').allTextContents()).toEqual(
      expect.arrayContaining(['ferries', 'fishing boats']),
    );
    const picture = view.getByRole('img', { name: 'The lake at dawn' });
    expect(await picture.getAttribute('srcset')).toMatch(/\?w=960 960w/);
    expect(await picture.getAttribute('loading')).toBe('lazy');
    await view.getByText('Seen from the quay').waitFor();
    await view.getByRole('img', { name: 'The hut above' }).waitFor();
    await screenshot(view, 'newsroom-visitor');
    await visitor.close();
    expect(viewProblems).toEqual([]);

    // 8. A reload mid-typing offers the unsaved text back.
    await page.goto(`/myaccount/articles/${id}`);
    await page.getByRole('textbox', { name: 'Teaser', exact: true }).fill('Typed just before the tab closed');
    await page.waitForTimeout(1_500);
    await page.reload();
    await page.getByRole('heading', { name: 'Unsaved changes found' }).waitFor();
    // The stored teaser, or already the co-editing room's copy, which took the keys before the reload (decision 051):
    // which one shows first depends on when the room's copy arrives; the restore below gives the text either way.
    expect(['', 'Typed just before the tab closed']).toContain(
      await page.getByRole('textbox', { name: 'Teaser', exact: true }).inputValue(),
    );
    await page.getByRole('button', { name: 'Restore them' }).click();
    expect(await page.getByRole('textbox', { name: 'Teaser', exact: true }).inputValue()).toBe(
      'Typed just before the tab closed',
    );
    expect(problems).toEqual([]);
  },
);
