// The upload queue: every file an editor sends shows its progress (percent and bytes), can be cancelled while
// it waits or travels, and retried when it failed or was cancelled. Jobs run one at a time by default, so a
// gallery's pictures arrive in the order they were picked; a big video's own parts travel in parallel inside its job.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { canRetry, errorText } from '../error-text';
import { useObjectUrl } from './image-picker';

export type TaskStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadTask {
  id: number;
  name: string;
  /** Bytes to send; known before the job starts, corrected by what it reports. */
  total: number;
  sent: number;
  status: TaskStatus;
  /** Why it failed (shown in the editor's words; a retry is offered only when sending again can help). */
  error: unknown;
  /** The picked picture, shown beside its progress before the server has it. */
  preview: Blob | null;
}

export interface JobContext {
  signal: AbortSignal;
  progress: (sent: number, total: number) => void;
}

export interface UploadJob {
  name: string;
  size: number;
  /** A picture to show while it travels (the picked file itself). */
  preview?: Blob;
  run(context: JobContext): Promise<void>;
  /** Cleans up on the server after a cancel (a resumable upload's parts); the editor asked for it. */
  cancel?(): Promise<void>;
}

/** The queue itself, outside React so its jobs outlive renders; views read it through useUploadQueue. */
export class UploadQueue {
  private tasks: UploadTask[] = [];
  private readonly jobs = new Map<number, { job: UploadJob; controller: AbortController | null }>();
  private readonly listeners = new Set<() => void>();
  private nextId = 1;

  constructor(private readonly concurrency = 1) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.tasks;

  private set(id: number, change: Partial<UploadTask>) {
    this.tasks = this.tasks.map((t) => (t.id === id ? { ...t, ...change } : t));
    for (const listener of this.listeners) listener();
  }

  add(job: UploadJob): number {
    const id = this.nextId++;
    this.jobs.set(id, { job, controller: null });
    const task: UploadTask = {
      id,
      name: job.name,
      total: job.size,
      sent: 0,
      status: 'queued',
      error: null,
      preview: job.preview ?? null,
    };
    this.tasks = [...this.tasks, task];
    for (const listener of this.listeners) listener();
    this.pump();
    return id;
  }

  cancel(id: number) {
    const entry = this.jobs.get(id);
    const task = this.tasks.find((t) => t.id === id);
    if (!entry || !task || (task.status !== 'queued' && task.status !== 'uploading')) return;
    entry.controller?.abort();
    this.set(id, { status: 'cancelled', error: null });
    void entry.job.cancel?.().catch(() => {});
    this.pump();
  }

  retry(id: number) {
    const task = this.tasks.find((t) => t.id === id);
    if (!task || (task.status !== 'failed' && task.status !== 'cancelled')) return;
    this.set(id, { status: 'queued', error: null });
    this.pump();
  }

  dismiss(id: number) {
    const task = this.tasks.find((t) => t.id === id);
    if (!task || task.status === 'queued' || task.status === 'uploading') return;
    this.jobs.delete(id);
    this.tasks = this.tasks.filter((t) => t.id !== id);
    for (const listener of this.listeners) listener();
  }

  /** Stops everything (the view is going away). */
  abortAll() {
    for (const [id, entry] of this.jobs) {
      entry.controller?.abort();
      const task = this.tasks.find((t) => t.id === id);
      if (task?.status === 'queued' || task?.status === 'uploading') this.set(id, { status: 'cancelled' });
    }
  }

  get busy() {
    return this.tasks.some((t) => t.status === 'queued' || t.status === 'uploading');
  }

  private pump() {
    let running = this.tasks.filter((t) => t.status === 'uploading').length;
    for (const task of this.tasks) {
      if (running >= this.concurrency) return;
      if (task.status !== 'queued') continue;
      running++;
      void this.start(task.id);
    }
  }

  private async start(id: number) {
    const entry = this.jobs.get(id)!;
    const controller = new AbortController();
    entry.controller = controller;
    this.set(id, { status: 'uploading', sent: 0 });
    try {
      await entry.job.run({
        signal: controller.signal,
        progress: (sent, total) => {
          if (!controller.signal.aborted) this.set(id, { sent, total });
        },
      });
      if (!controller.signal.aborted) {
        const task = this.tasks.find((t) => t.id === id);
        this.set(id, { status: 'done', sent: task?.total ?? 0 });
      }
    } catch (err) {
      if (!controller.signal.aborted) this.set(id, { status: 'failed', error: err });
    } finally {
      entry.controller = null;
      this.pump();
    }
  }
}

/** A queue for the view's lifetime; what is still running when the view goes is stopped. */
export function useUploadQueue(concurrency = 1) {
  const queue = useMemo(() => new UploadQueue(concurrency), [concurrency]);
  const tasks = useSyncExternalStore(queue.subscribe, queue.snapshot);
  useEffect(() => () => queue.abortAll(), [queue]);
  return { queue, tasks, busy: tasks.some((t) => t.status === 'queued' || t.status === 'uploading') };
}

/** "12.5 MB", "830 kB": bytes as an editor reads them. */
export function formatBytes(intl: IntlShape, bytes: number): string {
  const [value, unit] =
    bytes >= 1e9 ? [bytes / 1e9, 'gigabyte'] : bytes >= 1e6 ? [bytes / 1e6, 'megabyte'] : [bytes / 1e3, 'kilobyte'];
  return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}

const percentOf = (t: UploadTask) =>
  t.total > 0 ? Math.min(100, Math.floor((t.sent / t.total) * 100)) : t.status === 'done' ? 100 : 0;

/** A picked picture as a thumbnail (decorative: its file name follows). */
function UploadPreview({ picture }: { picture: Blob }) {
  const src = useObjectUrl(picture);
  return src ? <img className="ws-upload-preview" src={src} alt="" width={48} height={48} /> : null;
}

/** The queue's tasks with their progress bars and buttons; finished ones are announced. */
export function UploadList({ queue, tasks }: { queue: UploadQueue; tasks: readonly UploadTask[] }) {
  const intl = useIntl();
  // The live region says what last finished; it changes, and is read, only when another upload finishes.
  const last = tasks.filter((t) => t.status === 'done' || t.status === 'failed').at(-1);
  const announcement = last
    ? intl.formatMessage(
        { id: last.status === 'done' ? 'ws.upload.doneAnnounce' : 'ws.upload.failedAnnounce' },
        { name: last.name },
      )
    : '';
  if (tasks.length === 0) return null;
  return (
    <section className="ws-uploads" aria-label={intl.formatMessage({ id: 'ws.upload.list' })}>
      <ul>
        {tasks.map((t) => (
          <li key={t.id} className={`ws-upload ws-upload-${t.status}`}>
            <span className="ws-upload-name">
              {t.preview && <UploadPreview picture={t.preview} />}
              {t.name}
            </span>
            <progress
              max={100}
              value={percentOf(t)}
              aria-label={intl.formatMessage({ id: 'ws.upload.progressOf' }, { name: t.name })}
            />
            <span className="ws-upload-state">
              {t.status === 'uploading' || t.status === 'done'
                ? intl.formatMessage(
                    { id: 'ws.upload.progress' },
                    {
                      percent: percentOf(t),
                      sent: formatBytes(intl, t.status === 'done' ? t.total : t.sent),
                      total: formatBytes(intl, t.total),
                    },
                  )
                : intl.formatMessage(
                    { id: `ws.upload.${t.status}` },
                    { error: t.status === 'failed' ? errorText(t.error, intl) : '' },
                  )}
            </span>
            <span className="ws-upload-buttons">
              {(
                [
                  ['cancel', t.status === 'queued' || t.status === 'uploading', 'ws.cancel'],
                  ['retry', (t.status === 'failed' && canRetry(t.error)) || t.status === 'cancelled'],
                  ['dismiss', t.status === 'done' || t.status === 'failed' || t.status === 'cancelled'],
                ] as const
              ).map(
                ([action, shown, text]) =>
                  shown && (
                    <button
                      key={action}
                      type="button"
                      className={action === 'dismiss' ? 'button-small button-secondary' : 'button-small'}
                      onClick={() => queue[action](t.id)}
                      aria-label={intl.formatMessage({ id: `ws.upload.${action}Of` }, { name: t.name })}
                    >
                      {intl.formatMessage({ id: text ?? `ws.upload.${action}` })}
                    </button>
                  ),
              )}
            </span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
