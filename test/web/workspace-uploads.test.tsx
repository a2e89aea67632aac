// The upload queue (progress in percent and bytes, cancel, retry, order) and the resumable video uploader
// (part 1 first, bounded parts in flight, resends after a dropped connection, resuming from the parts the server
// has, cancel), with XMLHttpRequest replaced by a fake server: the browser's upload events are the outside world.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { ApiError } from '#web/api/errors';
import enUS from '#web/i18n/en-US.json';
import { UploadList, UploadQueue, type JobContext } from '#web/components/workspace/upload-queue';
import workspaceEn from '#web/i18n/workspace.en-US.json';
import { fingerprintOf, uploadResumable } from '#web/uploads/resumable';
import { fakeApi } from './fake-api';
import { XhrShape } from './fake-xhr';

afterEach(() => vi.unstubAllGlobals());

/** A job the test finishes by hand: `progress` reports bytes, `finish`/`fail` settle it. */
function manualJob(name: string, size: number) {
  const runs: { context: JobContext; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const cancel = vi.fn(async () => {});
  const job = {
    name,
    size,
    cancel,
    run: (context: JobContext) => new Promise<void>((resolve, reject) => runs.push({ context, resolve, reject })),
  };
  return { job, runs, cancel };
}

function renderList(queue: UploadQueue) {
  const view = render(
    <IntlProvider locale="en-US" messages={{ ...enUS, ...workspaceEn }}>
      <UploadList queue={queue} tasks={queue.snapshot()} />
    </IntlProvider>,
  );
  const rerender = () =>
    view.rerender(
      <IntlProvider locale="en-US" messages={{ ...enUS, ...workspaceEn }}>
        <UploadList queue={queue} tasks={queue.snapshot()} />
      </IntlProvider>,
    );
  queue.subscribe(rerender);
  return view;
}

describe('the upload queue', () => {
  it('shows each file with a progress bar, percent and bytes, one job at a time in the order added', async () => {
    const queue = new UploadQueue();
    renderList(queue);
    const a = manualJob('first.jpg', 2_000_000);
    const b = manualJob('second.jpg', 500_000);
    act(() => {
      queue.add(a.job);
      queue.add(b.job);
    });
    expect(a.runs).toHaveLength(1);
    expect(b.runs).toHaveLength(0);
    act(() => a.runs[0]!.context.progress(500_000, 2_000_000));
    const first = screen.getByText('first.jpg').closest('li')!;
    expect(within(first).getByRole('progressbar', { name: 'Upload of first.jpg' }).getAttribute('value')).toBe('25');
    expect(within(first).getByText('25% · 500 kB of 2 MB')).toBeTruthy();
    expect(within(screen.getByText('second.jpg').closest('li')!).getByText('Waiting')).toBeTruthy();
    await act(async () => a.runs[0]!.resolve());
    expect(within(first).getByText('100% · 2 MB of 2 MB')).toBeTruthy();
    expect(b.runs).toHaveLength(1);
    expect(screen.getByText('first.jpg has been uploaded.')).toBeTruthy();
  });

  it('cancels a running upload (its signal aborts, the server side is cleaned up) and retries it', async () => {
    const queue = new UploadQueue();
    renderList(queue);
    const a = manualJob('clip.mp4', 30_000_000);
    act(() => {
      queue.add(a.job);
    });
    const signal = a.runs[0]!.context.signal;
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of clip.mp4' }));
    expect(signal.aborted).toBe(true);
    expect(a.cancel).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Cancelled')).toBeTruthy();
    await act(async () => a.runs[0]!.reject(new Error('aborted')));
    expect(screen.getByText('Cancelled')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry the upload of clip.mp4' }));
    expect(a.runs).toHaveLength(2);
    await act(async () => a.runs[1]!.resolve());
    expect(screen.getByText(/^100%/)).toBeTruthy();
  });

  it("shows why an upload failed in the editor's words; Retry only where sending again can help", async () => {
    const queue = new UploadQueue();
    renderList(queue);
    const a = manualJob('big.png', 1000);
    act(() => {
      queue.add(a.job);
    });
    // A refused file comes back the same however often it is sent: no Retry, and not the server's English.
    await act(async () =>
      a.runs[0]!.reject(new ApiError(413, 'File part "blob:img1" exceeds the 10 MiB limit for images')),
    );
    expect(screen.getByText('Failed: This file is too large.')).toBeTruthy();
    expect(screen.getByText('The upload of big.png failed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry the upload of big.png' })).toBeNull();
    expect(document.body.textContent).not.toContain('blob:img1');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss big.png' }));
    const b = manualJob('again.png', 1000);
    act(() => {
      queue.add(b.job);
    });
    await act(async () => b.runs[0]!.reject(new ApiError(400, 'Network Error', true)));
    fireEvent.click(screen.getByRole('button', { name: 'Retry the upload of again.png' }));
    await act(async () => b.runs[1]!.resolve());
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss again.png' }));
    expect(screen.queryByText('again.png')).toBeNull();
  });
});

// ---- a fake server for XMLHttpRequest: the resumable calls answered like the worker answers them ----

interface Sent {
  method: string;
  url: string;
  part?: number;
  size?: number;
}

/** XMLHttpRequest over a handler; uploads report progress in two steps; `fail` drops the connection. */
function fakeXhr(
  handler: (
    req: Sent,
  ) => { status: number; body: unknown } | 'drop' | Promise<{ status: number; body: unknown } | 'drop'>,
) {
  const sent: Sent[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  class FakeXhr extends XhrShape {
    send(body: Blob | FormData | null) {
      const size = body instanceof Blob ? body.size : 0;
      const m = /\/parts\/(\d+)$/.exec(this.url);
      const req: Sent = {
        method: this.method,
        url: new URL(this.url).pathname,
        ...(m ? { part: Number(m[1]), size } : {}),
      };
      sent.push(req);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      void (async () => {
        await new Promise((r) => setTimeout(r, 1));
        if (this.aborted) return void inFlight--;
        this.upload.onprogress?.({ loaded: Math.floor(size / 2), total: size, lengthComputable: true });
        const answer = await handler(req);
        inFlight--;
        if (this.aborted) return;
        if (answer === 'drop') return this.onerror?.();
        this.upload.onprogress?.({ loaded: size, total: size, lengthComputable: true });
        this.answer(answer.status, answer.body, answer.status < 300 ? 'OK' : 'Error');
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, maxInFlight: () => maxInFlight };
}

const PART = RESUMABLE_LIMITS.partSize;
const UPLOAD_ID = 'a0000000-0000-4000-8000-000000000001';
/** A file that sniffs as MP4, `parts` parts long (the last one shorter). */
function videoFile(parts: number, name = 'clip.mp4') {
  const size = (parts - 1) * PART + 1234;
  const bytes = new Uint8Array(size);
  bytes.set([
    0,
    0,
    0,
    0x18,
    ...'ftypisom'.split('').map((c) => c.charCodeAt(0)),
    0,
    0,
    2,
    0,
    ...'isomiso2'.split('').map((c) => c.charCodeAt(0)),
  ]);
  return new File([bytes], name, { type: 'video/mp4', lastModified: 1_700_000_000_000 });
}
const uploadOf = (file: File, parts: number[], status: 'open' | 'complete' = 'open') => ({
  id: UPLOAD_ID,
  name: file.name,
  contentType: 'video/mp4',
  size: file.size,
  partSize: PART,
  partCount: Math.ceil(file.size / PART),
  parts,
  status,
  fingerprint: 'v1:x',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-02T00:00:00.000Z',
});

describe('the resumable uploader', () => {
  it('sends part 1 first, then the rest with at most 3 in flight, and completes', async () => {
    const file = videoFile(6);
    const { calls } = fakeApi((c) => {
      if (c.path === '/uploads' && c.method === 'POST') return { code: 201, result: uploadOf(file, []) };
      if (c.path === `/uploads/${UPLOAD_ID}/complete`)
        return { code: 200, result: uploadOf(file, [1, 2, 3, 4, 5, 6], 'complete') };
      return undefined;
    });
    const xhr = fakeXhr((req) => ({ status: 200, body: { partNumber: req.part, size: req.size } }));
    const progress: number[] = [];
    const done = await uploadResumable(file, { onProgress: (sent) => progress.push(sent) });
    expect(done.status).toBe('complete');
    expect(xhr.sent.map((s) => s.part)[0]).toBe(1);
    expect(xhr.sent.map((s) => s.part).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(xhr.sent.find((s) => s.part === 6)?.size).toBe(1234);
    expect(xhr.maxInFlight()).toBeLessThanOrEqual(3);
    expect(xhr.maxInFlight()).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(file.size);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const start = calls.find((c) => c.path === '/uploads')!;
    expect(start.body).toMatchObject({
      size: file.size,
      contentType: 'video/mp4',
      name: 'clip.mp4',
      fingerprint: await fingerprintOf(file),
    });
  });

  it('resumes: the parts the server already has are not sent again', async () => {
    const file = videoFile(4);
    fakeApi((c) => {
      if (c.path === '/uploads' && c.method === 'POST') return { code: 200, result: uploadOf(file, [1, 2]) };
      if (c.path === `/uploads/${UPLOAD_ID}/complete`)
        return { code: 200, result: uploadOf(file, [1, 2, 3, 4], 'complete') };
      return undefined;
    });
    const xhr = fakeXhr((req) => ({ status: 200, body: { partNumber: req.part, size: req.size } }));
    const progress: number[] = [];
    await uploadResumable(file, { onProgress: (sent) => progress.push(sent) });
    expect(xhr.sent.map((s) => s.part).sort()).toEqual([3, 4]);
    expect(progress[0]).toBe(2 * PART);
  });

  it('sends a part again after the connection dropped, and gives up after the last attempt', async () => {
    const file = videoFile(3);
    fakeApi((c) => {
      if (c.path === '/uploads' && c.method === 'POST') return { code: 201, result: uploadOf(file, []) };
      if (c.path === `/uploads/${UPLOAD_ID}/complete`)
        return { code: 200, result: uploadOf(file, [1, 2, 3], 'complete') };
      return undefined;
    });
    let drops = 2;
    const xhr = fakeXhr((req) =>
      req.part === 2 && drops-- > 0 ? 'drop' : { status: 200, body: { partNumber: req.part, size: req.size } },
    );
    await uploadResumable(file, { backoffMs: 1 });
    expect(xhr.sent.filter((s) => s.part === 2)).toHaveLength(3);

    fakeXhr((req) => (req.part === 3 ? 'drop' : { status: 200, body: { partNumber: req.part, size: req.size } }));
    await expect(uploadResumable(file, { backoffMs: 1, attempts: 3 })).rejects.toMatchObject({
      code: 400,
      message: 'Network Error',
    });
  });

  it('does not resend a part the server refused (4xx), and stops when aborted', async () => {
    const file = videoFile(2);
    fakeApi((c) =>
      c.path === '/uploads' && c.method === 'POST' ? { code: 201, result: uploadOf(file, []) } : undefined,
    );
    const xhr = fakeXhr(() => ({ status: 415, body: null }));
    await expect(uploadResumable(file, { backoffMs: 1 })).rejects.toMatchObject({ code: 415 });
    expect(xhr.sent).toHaveLength(1);

    const slow = fakeXhr(() => new Promise(() => {}));
    const controller = new AbortController();
    const pending = uploadResumable(file, { signal: controller.signal });
    await vi.waitFor(() => expect(slow.sent).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ message: 'Request aborted' });
    expect(slow.sent).toHaveLength(1);
  });

  it('refuses a file that is no MP4 or WebM before asking the server', async () => {
    const { calls } = fakeApi(() => undefined);
    const notVideo = new File(['<!doctype html><p>hello</p>'.padEnd(100)], 'clip.mp4', { type: 'video/mp4' });
    await expect(uploadResumable(notVideo)).rejects.toMatchObject({ code: 415 });
    expect(calls).toEqual([]);
  });

  it('fingerprints the same file alike and another file of the same size and time differently', async () => {
    const a = videoFile(2);
    const b = new File([await a.arrayBuffer()], 'clip.mp4', { type: 'video/mp4', lastModified: a.lastModified });
    const bytes = new Uint8Array(await a.arrayBuffer());
    bytes[100] = 7;
    const c = new File([bytes], 'clip.mp4', { type: 'video/mp4', lastModified: a.lastModified });
    expect(await fingerprintOf(a)).toBe(await fingerprintOf(b));
    expect(await fingerprintOf(a)).not.toBe(await fingerprintOf(c));
    expect(await fingerprintOf(a)).toMatch(/^v1:\d+:\d+:[0-9a-f]{32}$/);
  });
});
