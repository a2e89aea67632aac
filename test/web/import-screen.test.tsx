// App management › Import (decisions 046, 047, 050): the file and the pictures' ZIP go up in resumable parts, then
// their upload ids and the old site's address (for a Ghost export's `__GHOST_URL__` pictures) go to POST /api/imports
// as multipart parts (with `review`, so the import waits for its authors); an import in `review` shows its authors
// to map and starts with the mapping; a refused entry is shown beside its author; missing pictures are fetched again
// from the report. Through the real route map against a stubbed /api (and XMLHttpRequest, the parts' transport).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { adminCounts, userPage } from '#schema/entities';
import { importDetail, importSummary } from '#schema/imports';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { resumableUpload } from '#schema/workspace';
import { answer, fakeApi } from './fake-api';
import { XhrShape } from './fake-xhr';
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
  it(
    'sends the file and the pictures’ ZIP in resumable parts (a dropped part sent again, a progress bar), then starts the import by their upload ids',
    { timeout: 30_000 },
    async () => {
      let started = false;
      const FILE_UPLOAD = 'b0000000-0000-4000-8000-000000000001';
      const MEDIA_UPLOAD = 'b0000000-0000-4000-8000-000000000002';
      const declared: unknown[] = [];
      const upload = (id: string, body: { size: number; name: string; fingerprint: string; contentType: string }) => ({
        id,
        name: body.name,
        contentType: body.contentType,
        size: body.size,
        partSize: RESUMABLE_LIMITS.partSize,
        partCount: 1,
        parts: [] as number[],
        status: 'open' as const,
        fingerprint: body.fingerprint,
        createdAt: '2026-11-27T10:00:00.000Z',
        expiresAt: '2026-11-28T10:00:00.000Z',
      });
      const { calls } = fakeApi((c) => {
        const path = c.path.split('?')[0];
        if (path === '/admin/counts')
          return answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 });
        if (path === '/uploads' && c.method === 'POST') {
          const body = c.body as Parameters<typeof upload>[1];
          declared.push(body);
          return answer(resumableUpload, upload(body.name === 'images.zip' ? MEDIA_UPLOAD : FILE_UPLOAD, body), 201);
        }
        const done = /^\/uploads\/([^/]+)\/complete$/.exec(path ?? '');
        if (done && c.method === 'POST')
          return answer(resumableUpload, {
            ...upload(done[1]!, { size: 9, name: 'x', fingerprint: 'f', contentType: 'application/x-so-import' }),
            parts: [1],
            status: 'complete',
          });
        if (path === '/imports' && c.method === 'POST') {
          started = true;
          return { code: 202, result: { id: ID } };
        }
        if (path === '/imports') return answer(z.array(importSummary), started ? [summary] : []);
        if (path === `/imports/${ID}`) return answer(importDetail, { ...summary, report: {}, authorMap: {} });
        return undefined;
      });
      // The parts travel by XMLHttpRequest (upload progress): the file's first attempt drops the connection.
      const parts: string[] = [];
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      class PartXhr extends XhrShape {
        override open(method: string, url: string) {
          super.open(method, new URL(url).pathname);
        }
        send(body: Blob) {
          parts.push(this.url);
          const attempt = parts.filter((u) => u === this.url).length;
          void (async () => {
            this.upload.onprogress?.({ loaded: 1, total: body.size, lengthComputable: true });
            await held;
            if (attempt === 1 && this.url.includes(FILE_UPLOAD)) return this.onerror?.();
            this.answer(200, { partNumber: 1, size: body.size });
          })();
        }
      }
      vi.stubGlobal('XMLHttpRequest', PartXhr);
      await renderApp('/appManagement/import', userOf('ADMIN'));
      await screen.findByRole('heading', { name: 'Import', level: 2 }, { timeout: 10_000 });
      const file = new File(['{"db":[]}'], 'gazette.json', { type: 'application/json' });
      fireEvent.change(screen.getByLabelText('Export file'), { target: { files: [file] } });
      const pictures = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'images.zip', { type: 'application/zip' });
      fireEvent.change(screen.getByLabelText(/^Pictures as a ZIP/), { target: { files: [pictures] } });
      fireEvent.change(screen.getByLabelText(/^Address of the old site/), {
        target: { value: 'https://gazette.example.com' },
      });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start import' })));
      const bar = await screen.findByRole('progressbar', { name: 'Sending the file' });
      expect(Number(bar.getAttribute('max'))).toBe(file.size + pictures.size);
      release();
      await waitFor(() => expect(started).toBe(true), { timeout: 10_000 });
      expect(declared).toEqual([
        expect.objectContaining({ name: 'gazette.json', size: file.size, contentType: 'application/x-so-import' }),
        expect.objectContaining({ name: 'images.zip', size: pictures.size, contentType: 'application/x-so-import' }),
      ]);
      expect(parts).toEqual([
        `/api/uploads/${FILE_UPLOAD}/parts/1`,
        `/api/uploads/${FILE_UPLOAD}/parts/1`,
        `/api/uploads/${MEDIA_UPLOAD}/parts/1`,
      ]);
      const post = calls.find((c) => c.method === 'POST' && c.path === '/imports')!;
      const form = post.init!.body as FormData;
      expect(form.get('file')).toBeNull();
      expect(form.get('upload')).toBe(FILE_UPLOAD);
      expect(form.get('mediaUpload')).toBe(MEDIA_UPLOAD);
      expect(form.get('site')).toBe('https://gazette.example.com');
      expect(form.get('review')).toBe('1');
      await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Sending the file' })).toBeNull());
    },
  );

  const MAYA = '7a1c2a5e-9d3b-4c7a-8e21-0b6d5f3a9c11';
  const editor = { email: null, firstName: '', lastName: '', active: true };
  const users = {
    items: [
      { ...editor, id: MAYA, name: 'maya', role: 'CONTRIBUTOR' as const },
      { ...editor, id: '8b1c2a5e-9d3b-4c7a-8e21-0b6d5f3a9c12', name: 'omar', role: 'CONTRIBUTOR' as const },
    ],
    nextCursor: null,
  };
  const reviewing = {
    ...summary,
    state: 'review' as const,
    progress: { total: 12, done: 0 },
    report: {
      authors: [
        { key: 'ann', name: 'Ann Writer', email: 'ann@old.example.com', match: null },
        { key: 'ben', name: 'Ben Writer', email: '', match: null },
      ],
    },
    authorMap: {},
  };

  it(
    'maps the authors of an import waiting for them, shows a refused entry by its author, then starts',
    {
      timeout: 30_000,
    },
    async () => {
      let refuse = true;
      let started: unknown = null;
      const { calls } = fakeApi((c) => {
        const path = c.path.split('?')[0];
        if (path === '/admin/counts')
          return answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 });
        if (path === '/users')
          return answer(userPage, c.path.includes('CONTRIBUTOR') ? users : { items: [], nextCursor: null });
        if (path === '/imports')
          return answer(z.array(importSummary), [started ? { ...summary, state: 'queued' } : reviewing]);
        if (path === `/imports/${ID}/start` && c.method === 'POST') {
          if (refuse) {
            refuse = false;
            return {
              code: 400,
              message: 'Validation error',
              result: { issues: [{ path: ['authors', 'ann'], code: 'unknown_user', message: 'No such user' }] },
            };
          }
          started = c.body;
          return answer(importDetail, { ...reviewing, state: 'queued' });
        }
        if (path === `/imports/${ID}`)
          return answer(importDetail, started ? { ...reviewing, state: 'queued' } : reviewing);
        return undefined;
      });
      await renderApp('/appManagement/import', userOf('ADMIN'));
      await act(async () =>
        fireEvent.click(await screen.findByRole('button', { name: 'gazette.json' }, { timeout: 10_000 })),
      );
      const ann = await screen.findByLabelText('Who is Ann Writer (ann)?');
      await waitFor(() => expect(screen.getAllByRole('option', { name: 'maya' }).length).toBe(2));
      expect(ann).toHaveProperty('value', '');
      fireEvent.change(ann, { target: { value: MAYA } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Map authors and start the import' })));
      expect(await screen.findByText('This account no longer exists: choose another.')).toBeTruthy();
      expect(started).toBeNull();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Map authors and start the import' })));
      await waitFor(() => expect(started).toEqual({ authors: { ann: MAYA } }));
      expect(calls.filter((c) => c.path === `/imports/${ID}/start`)).toHaveLength(2);
    },
  );

  it('fetches the missing pictures again from the report of an ended import', { timeout: 30_000 }, async () => {
    const url = 'https://old.example.com/wp-content/uploads/lost.png';
    let retried = false;
    const ended = { ...summary, state: 'done' as const, finishedAt: '2026-11-27T10:05:00.000Z' };
    const missingMedia = [{ url, articleId: ID, title: 'Lost', reason: 'Answered HTTP 404' }];
    fakeApi((c) => {
      const path = c.path.split('?')[0];
      if (path === '/admin/counts')
        return answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 });
      if (path === '/imports') return answer(z.array(importSummary), [ended]);
      if (path === `/imports/${ID}/media/retry` && c.method === 'POST') {
        retried = true;
        return answer(importDetail, { ...ended, report: { missingMedia: [] }, authorMap: {} });
      }
      if (path === `/imports/${ID}`)
        return answer(importDetail, { ...ended, report: { missingMedia: retried ? [] : missingMedia }, authorMap: {} });
      return undefined;
    });
    await renderApp('/appManagement/import', userOf('ADMIN'));
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'gazette.json' }, { timeout: 10_000 })),
    );
    expect(await screen.findByText(new RegExp(url.replaceAll('.', '\\.')))).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Fetch the missing pictures again' })));
    await waitFor(() => expect(retried).toBe(true));
    await waitFor(() => expect(screen.queryByText(new RegExp(url.replaceAll('.', '\\.')))).toBeNull());
  });
});
