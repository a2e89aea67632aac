// One picture into an article's gallery through the upload queue (progress, cancel, retry), with its browser-made
// variants: the gallery's Add pictures and the editor's Insert picture (a new upload placed in the text) both send
// theirs this way. The answer goes into the cache, so the form, the gallery and the editor show it.
import type { Article } from '../../../../../schema/entities';
import { LIMITS } from '../../../../../schema/requests';
import { addImages } from '../../../../api/article-media';
import type { PictureUpload } from '../../../../components/rich-text/nodes';
import type { UploadQueue } from '../../../../components/workspace/upload-queue';
import { imagePart } from '../../../../uploads/multipart';
import { articleChanged } from './media-list';

/** A file name without its extension: the title a picture starts with. */
export const titleFromFile = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, LIMITS.title);

/** Queues the upload of `file` as a gallery picture titled `title`; `saved` gets the article the server answers. */
export function queueGalleryPicture(
  queue: UploadQueue,
  articleId: string,
  file: File,
  title: string,
  saved?: (article: Article) => void,
  onProgress?: (sent: number, total: number) => void,
): number {
  return queue.add({
    name: file.name,
    size: file.size,
    run: async ({ signal, progress }) => {
      const part = await imagePart(file);
      const answer = await addImages(articleId, [{ ...part, title }], {
        signal,
        onProgress: (sent, total) => {
          progress(sent, total);
          onProgress?.(sent, total);
        },
      });
      await articleChanged(answer);
      saved?.(answer);
    },
  });
}

const galleryIds = (a: Article) => (a.media?.kind === 'gallery' ? a.media.images.map((i) => i.id) : []);

/**
 * Whether the article can take a picture uploaded from the editor: it is saved, and holds a gallery or no media
 * yet (the first picture makes it a gallery; an article of videos takes none, the server answers 409).
 */
export const canTakePictures = (article: Article | null): article is Article =>
  !!article && article.media?.kind !== 'video' && article.type !== 'video';

/**
 * The editor's upload of a new picture: into the gallery like any other, resolving with its media id. The new
 * picture is the last of the answer's gallery that was not there before (the queue sends one at a time, so a
 * gallery upload queued earlier is in the answer already) and has the title sent.
 */
export function pictureUploader(queue: UploadQueue, article: Article): PictureUpload {
  return (file, { onProgress, signal }) =>
    new Promise<string>((resolve, reject) => {
      const title = titleFromFile(file.name);
      const before = new Set(galleryIds(article));
      let settled = false;
      const task = queueGalleryPicture(
        queue,
        article.id,
        file,
        title,
        (answer) => {
          const added = (answer.media?.kind === 'gallery' ? answer.media.images : []).filter((i) => !before.has(i.id));
          const mine = added.filter((i) => i.title === title).at(-1) ?? added.at(-1);
          settled = true;
          if (mine) resolve(mine.id);
          else reject(new Error('The uploaded picture is not in the answer'));
        },
        onProgress,
      );
      // A failed or cancelled upload (here or in the queue's list) ends the wait; a retry from the list still
      // lands in the gallery, where the picture can be chosen.
      const unsubscribe = queue.subscribe(() => {
        const state = queue.snapshot().find((t) => t.id === task);
        if (state?.status === 'failed' || state?.status === 'cancelled') {
          unsubscribe();
          if (!settled) reject(new Error(state.error ?? state.status));
        } else if (state?.status === 'done') unsubscribe();
      });
      signal.addEventListener('abort', () => queue.cancel(task), { once: true });
    });
}
