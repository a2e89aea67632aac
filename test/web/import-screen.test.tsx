// App management › Import (decisions 046, 050): the file and the old site's address (for a Ghost export's
// `__GHOST_URL__` pictures) go to POST /api/imports as multipart parts, through the real route map against a
// stubbed /api.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { adminCounts } from '#schema/entities';
import { importDetail, importSummary } from '#schema/imports';
import { answer, fakeApi } from './fake-api';
import { renderApp, userOf } from './shell-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ID = '4f1c2a5e-9d3b-4c7a-8e21-0b6d5f3a9c10';
const summary = {
  id: ID,
  state: 'queued' as const,
  sourceKind: 'ghost' as const,
  fileName: 'gazette.json',
  fileSize: 12,
  counts: {},
  progress: { total: 0, done: 0 },
  error: null,
  createdBy: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
};

describe('the import screen', () => {
  it('sends the chosen file and the old site’s address as parts of one request', { timeout: 30_000 }, async () => {
    let started = false;
    const { calls } = fakeApi((c) => {
      const path = c.path.split('?')[0];
      if (path === '/admin/counts')
        return answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 });
      if (path === '/imports' && c.method === 'POST') {
        started = true;
        return { code: 202, result: { id: ID } };
      }
      if (path === '/imports') return answer(z.array(importSummary), started ? [summary] : []);
      if (path === `/imports/${ID}`) return answer(importDetail, { ...summary, report: {}, authorMap: {} });
      return undefined;
    });
    await renderApp('/appManagement/import', userOf('ADMIN'));
    await screen.findByRole('heading', { name: 'Import', level: 2 }, { timeout: 10_000 });
    const file = new File(['{"db":[]}'], 'gazette.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Export file'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText(/^Address of the old site/), {
      target: { value: 'https://gazette.example.com' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start import' })));
    await waitFor(() => expect(started).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/imports')!;
    const form = post.init!.body as FormData;
    expect((form.get('file') as File).name).toBe('gazette.json');
    expect(form.get('site')).toBe('https://gazette.example.com');
  });
});
