// The admin's Audit log section (/appManagement/auditLog) and an item's Activity box, against the faked /api.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCounts, auditLogPage, type AuditLogEntry } from '#schema/entities';
import { clearQueries } from '#web/data/cache';
import { ActivityBox } from '#web/components/workspace/activity';
import { NotificationsProvider } from '#web/components/notifications';
import { localDayBound } from '#web/routes/appManagement/auditLog/index';
import en from '#web/i18n/en-US.json';
import workspaceEn from '#web/i18n/workspace.en-US.json';
import screensEn from '#web/i18n/screens.en-US.json';
import { answer, fakeApi, type ApiCall } from './fake-api';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(clearQueries);
});

const admin = userOf('ADMIN');
const pathOf = (c: ApiCall) => c.path.split('?')[0];
const queryOf = (c: ApiCall) => new URL(c.path, 'http://x').searchParams;

const entry = (o: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: uuid(),
  at: new Date().toISOString(),
  actorKind: 'user',
  actorId: uuid(),
  actorName: 'ada',
  tokenId: null,
  tokenName: null,
  entityType: 'article',
  entityId: uuid(),
  entityTitle: 'Sourdough',
  ownerId: null,
  action: 'updated',
  fields: null,
  requestId: 'req-1',
  via: null,
  entityExists: true,
  ...o,
});

describe('the Audit log section', () => {
  it('lists entries with who, what and a link to the entity (none once deleted), and filters them', async () => {
    const kept = entry({ action: 'updated', fields: ['title', 'hidden'], actorName: 'ada', entityTitle: 'Kept' });
    const gone = entry({ action: 'deleted', actorName: 'bob', entityTitle: 'Gone', entityExists: false });
    const system = entry({ action: 'expired', actorKind: 'system', actorId: null, actorName: 'system' });
    const more = entry({ action: 'created', entityTitle: 'Older' });
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts')
        return answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 });
      if (pathOf(c) !== '/admin/auditLog') return undefined;
      const q = queryOf(c);
      if (q.get('cursor') === 'next') return answer(auditLogPage, { items: [more], nextCursor: null });
      if (q.get('action') === 'deleted') return answer(auditLogPage, { items: [gone], nextCursor: null });
      return answer(auditLogPage, { items: [kept, gone, system], nextCursor: 'next' });
    });
    await renderApp('/appManagement/auditLog', admin);
    await findHeading('App management');
    const first = await screen.findByRole('table', { name: 'Audit log' });
    await within(first).findByText('title, hidden');
    expect(within(first).getByRole('link', { name: 'Kept' }).getAttribute('href')).toBe(`/article/${kept.entityId}`);
    expect(within(first).queryByRole('link', { name: 'Gone' })).toBeNull();
    expect(within(first).getByText('Gone')).toBeTruthy();
    expect(within(first).getByText('System (scheduled)')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await within(first).findByText('Older');

    await act(async () => fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'deleted' } }));
    // A new filter is a new list (the table is drawn anew once it is loaded).
    const table = () => screen.getByRole('table', { name: 'Audit log' });
    await waitFor(() => expect(within(table()).queryByText('Kept')).toBeNull());
    expect(within(table()).getByText('Gone')).toBeTruthy();
    expect(calls.some((c) => queryOf(c).get('action') === 'deleted')).toBe(true);

    await act(async () => fireEvent.click(within(table()).getByRole('button', { name: 'bob' })));
    await screen.findByText('Showing only what bob did.');
    expect(calls.some((c) => queryOf(c).get('actor') === gone.actorId)).toBe(true);

    await act(async () => fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } }));
    await waitFor(() =>
      expect(calls.some((c) => queryOf(c).get('from') === localDayBound('2026-11-01', 'from'))).toBe(true),
    );
  });

  it('turns a local day into the bounds of that day in the browser’s zone', () => {
    const from = new Date(localDayBound('2026-03-29', 'from')!);
    const to = new Date(localDayBound('2026-03-29', 'to')!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual([
      2026, 2, 29, 0, 0,
    ]);
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds()]).toEqual([29, 23, 59, 59]);
    expect(localDayBound('', 'from')).toBeUndefined();
  });
});

describe('the Activity box', () => {
  it("loads an item's entries only when opened", async () => {
    const id = uuid();
    const { calls } = fakeApi((c) =>
      pathOf(c) === '/auditLog'
        ? answer(auditLogPage, {
            items: [
              entry({ entityId: id, action: 'published', actorName: 'root', tokenName: 'ci' }),
              entry({ entityId: id, action: 'created', actorName: 'ada', tokenName: 'assistant', via: 'mcp' }),
            ],
            nextCursor: null,
          })
        : undefined,
    );
    const { container } = render(
      <IntlProvider locale="en-US" messages={{ ...en, ...screensEn, ...workspaceEn }}>
        <NotificationsProvider>
          <ActivityBox id={id} />
        </NotificationsProvider>
      </IntlProvider>,
    );
    expect(calls).toEqual([]);
    const details = container.querySelector('details')!;
    await act(async () => {
      details.open = true;
      fireEvent(details, new Event('toggle'));
    });
    const table = await screen.findByRole('table', { name: 'Activity' });
    await within(table).findByText('Published');
    expect(within(table).getByText('root (API token “ci”)')).toBeTruthy();
    expect(within(table).getByText('ada (API token “assistant”) via MCP')).toBeTruthy();
    expect(calls.map((c) => [pathOf(c), queryOf(c).get('entityId')])).toEqual([['/auditLog', id]]);
  });
});
