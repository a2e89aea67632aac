// Saving a form that carries files: the request goes through the upload queue, so its progress shows (percent and
// bytes), it can be cancelled, and a failed one retried from the queue; without files it is a plain call.
import type { SendOptions } from '#web/uploads/send';
import type { UploadQueue } from './upload-queue';

export interface QueuedSave<T> {
  /** The queue row's name (the file's). */
  name: string;
  /** Bytes the request carries. */
  size: number;
  run: (options: SendOptions) => Promise<T>;
  onSaved: (result: T) => void | Promise<void>;
  onFailed: (error: unknown) => void;
}

/** Puts the save into the queue; `onSaved` runs after each successful attempt (a retry included). */
export function queueSave<T>(queue: UploadQueue, save: QueuedSave<T>): void {
  queue.add({
    name: save.name,
    size: save.size,
    run: async ({ signal, progress }) => {
      try {
        const result = await save.run({ signal, onProgress: progress });
        await save.onSaved(result);
      } catch (err) {
        if (!signal.aborted) save.onFailed(err);
        throw err;
      }
    },
  });
}
