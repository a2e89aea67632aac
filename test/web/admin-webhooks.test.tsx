// The admin workspace's Webhooks section (decision 035) through the real route map against a stubbed /api: the list,
// adding one (the secret shown once), a refusal beside its field, deleting after the kit's confirmation, and the
// deliveries with status and response code, a failed one retried.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCounts } from '#schema/entities';
import type { WebhookEvent } from '#schema/enums';
import { webhook, webhookDelivery, webhookWithSecret } from '#schema/webhooks';
import { clearQueries } from '#web/data/cache';
import { answer, fakeApi, type ApiCall } from './fake-api';
import { renderApp, userOf, uuid } from './shell-kit';

afterEach(() => vi.unstubAllGlobals());

const admin = userOf('ADMIN');
const now = new Date().toISOString();
const pathOf = (c: ApiCall) => c.path.split('?')[0];
const counts = () => answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 });
const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });
const type = (el: HTMLElement, value: string) =>
  act(async () => {
    fireEvent.change(el, { target: { value } });
  });

const hook = {
  id: uuid(),
  url: 'https://hooks.example.com/portal',
  events: ['article.published', 'publication.decided'] as WebhookEvent[],
  active: true,
  createdAt: now,
  updatedAt: now,
};

describe('Webhooks', () => {
  it('lists the webhooks with their events, and says so when there are none', async () => {
    let hooks: unknown[] = [];
    const list = (c: ApiCall) =>
      pathOf(c) === '/admin/counts' ? counts() : c.path === '/webhooks' ? { code: 200, result: hooks } : undefined;
    fakeApi(list);
    const view = await renderApp('/appManagement/webhooks', admin);
    // The section's chunk loads on first use.
    await screen.findByText('No webhooks yet.', {}, { timeout: 5000 });
    view.unmount();
    vi.unstubAllGlobals();
    await act(clearQueries);

    hooks = [webhook.parse(hook)];
    fakeApi(list);
    await renderApp('/appManagement/webhooks', admin);
    const row = await screen.findByRole('rowheader', { name: hook.url });
    const cells = within(row.closest('tr')!);
    expect(cells.getByText('Article published, Publication decided')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Webhooks' }).getAttribute('aria-current')).toBe('page');
  });

  it('adds a webhook and shows its secret once; a refused URL is named beside its field', async () => {
    const hooks: unknown[] = [];
    let refuse = true;
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (c.path === '/webhooks' && c.method === 'GET') return { code: 200, result: hooks };
      if (c.path === '/webhooks' && c.method === 'POST') {
        if (refuse)
          return {
            code: 400,
            message: 'Validation error: Webhook URL must name a host, not an IP address at "url"',
            result: {
              issues: [
                { path: ['url'], code: 'url_ip_address', message: 'Webhook URL must name a host, not an IP address' },
              ],
            },
          };
        const made = { ...hook, ...(c.body as object), id: uuid() };
        hooks.push(made);
        return answer(webhookWithSecret, { webhook: made, secret: 'whsec_shown-once' }, 201);
      }
      return undefined;
    });
    await renderApp('/appManagement/webhooks', admin);
    await screen.findByText('No webhooks yet.');
    await click(screen.getByRole('button', { name: 'Add webhook' }));
    const form = within(screen.getByRole('form', { name: 'Add webhook' }));

    // No event chosen: the shared schema refuses before anything is sent.
    await type(form.getByRole('textbox', { name: 'URL' }), 'https://10.0.0.1/hook');
    await click(form.getByRole('button', { name: 'Add webhook' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(form.getByText('Choose at least one event.')).toBeTruthy();

    await click(form.getByLabelText('Article published'));
    await click(form.getByLabelText('Publication requested'));
    await click(form.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(form.getByRole('textbox', { name: 'URL' }).getAttribute('aria-invalid')).toBe('true'));
    // The issue's sentence (error.issue.urlIpAddress) beside the field, the form's alert above; not the server's English.
    const urlError = form.getByText('Please use a host name, not an IP address.');
    expect(form.getByRole('textbox', { name: 'URL' }).getAttribute('aria-describedby')).toContain(urlError.id);
    expect(form.getByText('Please correct the marked fields.')).toBeTruthy();
    expect(form.queryByText(/must name a host/)).toBeNull();

    refuse = false;
    await type(form.getByRole('textbox', { name: 'URL' }), 'https://hooks.example.com/new');
    await click(form.getByRole('button', { name: 'Add webhook' }));
    await screen.findByText('Copy the secret now');
    expect(screen.getByText('whsec_shown-once')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      url: 'https://hooks.example.com/new',
      events: ['article.published', 'publication.requested'],
    });
    await screen.findByRole('rowheader', { name: 'https://hooks.example.com/new' });
    await click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('whsec_shown-once')).toBeNull();
  });

  it('deletes a webhook after the confirmation names it', async () => {
    let hooks: unknown[] = [hook];
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (c.path === '/webhooks') return { code: 200, result: hooks };
      if (c.method === 'DELETE' && c.path === `/webhooks/${hook.id}`) {
        hooks = [];
        return { code: 200, result: null };
      }
      return undefined;
    });
    await renderApp('/appManagement/webhooks', admin);
    await click(await screen.findByRole('button', { name: `Delete webhook ${hook.url}` }));
    const dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText(`Delete the webhook ${hook.url}?`)).toBeTruthy();
    await click(dialog.getByRole('button', { name: 'Delete' }));
    await screen.findByText('No webhooks yet.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows the deliveries with status, attempts and response code, and retries a failed one', async () => {
    const delivery = (status: 'pending' | 'delivered' | 'failed', extra: object = {}) =>
      webhookDelivery.parse({
        id: uuid(),
        webhookId: hook.id,
        event: 'article.published',
        entityType: 'article',
        entityId: uuid(),
        title: 'Rye at dawn',
        status,
        attempts: 8,
        lastStatusCode: 503,
        lastError: 'Answered HTTP 503',
        nextAttemptAt: null,
        createdAt: now,
        deliveredAt: null,
        ...extra,
      });
    const failed = delivery('failed');
    let deliveries = [
      failed,
      delivery('delivered', { attempts: 1, lastStatusCode: 204, lastError: null, title: 'Oat' }),
    ];
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (c.path === '/webhooks') return { code: 200, result: [hook] };
      if (c.path === `/webhooks/${hook.id}/deliveries`) return { code: 200, result: deliveries };
      if (c.path === `/webhooks/${hook.id}/deliveries/${failed.id}/retry`) {
        const retried = { ...failed, status: 'pending' as const, attempts: 0 };
        deliveries = [retried, deliveries[1]!];
        return { code: 200, result: retried };
      }
      return undefined;
    });
    await renderApp('/appManagement/webhooks', admin);
    await click(await screen.findByRole('button', { name: `Deliveries to ${hook.url}` }));
    const table = within(await screen.findByRole('table', { name: `Deliveries to ${hook.url}` }));
    const failedRow = within((await table.findByText('Rye at dawn')).closest('tr')!);
    expect(failedRow.getByText('Failed')).toBeTruthy();
    expect(failedRow.getByText('503 · Answered HTTP 503')).toBeTruthy();
    expect(failedRow.getByText('8')).toBeTruthy();
    const okRow = within(table.getByText('Oat').closest('tr')!);
    expect(okRow.getByText('Delivered')).toBeTruthy();
    expect(okRow.getByText('204')).toBeTruthy();
    expect(okRow.queryByRole('button')).toBeNull();
    await click(failedRow.getByRole('button', { name: 'Retry Article published: Rye at dawn' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/retry'))).toBe(true));
    await waitFor(() =>
      expect(within(table.getByText('Rye at dawn').closest('tr')!).getByText('Pending')).toBeTruthy(),
    );
  });
});
