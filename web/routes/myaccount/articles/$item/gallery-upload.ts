// One picture into an article's gallery through the upload queue (progress, cancel, retry), with its browser-made
// variants: the gallery's Add pictures and the editor's Insert picture (a new upload placed in the text) both send
// theirs this way. The answer goes into the cache, so the form, the gallery and the editor show it.
import type { Article } from '#schema/entities';
import { addImages } from '#web/api/article-media';
import type { PictureUpload } from '#web/components/rich-text/nodes';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { imagePart } from '#web/uploads/multipart';
import { articleChanged } from './media-list';

/**
 * Queues the upload of `file` as a gallery picture titled `title`; `saved` gets the article the server answers and
 * the media id the server gave this picture (undefined if the answer does not name it).
 */
export function queueGalleryPicture(
  queue: UploadQueue,
  articleId: string,
  file: File,
  title: string,
  saved?: (article: Article, mediaId: string | undefined) => void,
  onProgress?: (sent: number, total: number) => void,
): number {
  return queue.add({
    name: file.name,
    size: file.size,
    preview: file,
    run: async ({ signal, progress }) => {
      const part = await imagePart(file);
      const { added, ...answer } = await addImages(articleId, [{ ...part, title }], {
        signal,
        onProgress: (sent, total) => {
          progress(sent, total);
          onProgress?.(sent, total);
        },
      });
      await articleChanged(answer);
      // The answer names the entry made from this request's part: titles (and files) may repeat in the gallery.
      saved?.(answer, added.find((a) => a.imageFileTag === part.tag)?.id);
    },
  });
}

/**
 * Whether the article can take a picture uploaded from the editor: it is saved, and holds a gallery or no media
 * yet (the first picture makes it a gallery; an article of videos takes none, the server answers 409).
 */
export const canTakePictures = (article: Article | null): article is Article =>
  !!article && article.media?.kind !== 'video' && article.type !== 'video';

/**
 * The editor's upload of a new picture: into the gallery like any other, resolving with the media id the server
 * answered for it (its `added` entry, by the request's file tag; never a guess by title or place in the gallery).
 */
export function pictureUploader(queue: UploadQueue, article: Article): PictureUpload {
  return (file, { onProgress, signal }) =>
    new Promise<string>((resolve, reject) => {
      let settled = false;
      const task = queueGalleryPicture(
        queue,
        article.id,
        file,
        // No caption made from the file's name: the insert form asks for the text's alt and caption.
        '',
        (answer, mediaId) => {
          settled = true;
          // Removed again at once (another tab) and the text would place a picture the gallery no longer holds.
          const images = answer.media?.kind === 'gallery' ? answer.media.images : [];
          if (mediaId && images.some((i) => i.id === mediaId)) resolve(mediaId);
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
          if (!settled) reject(state.error instanceof Error ? state.error : new Error(state.status));
        } else if (state?.status === 'done') unsubscribe();
      });
      signal.addEventListener('abort', () => queue.cancel(task), { once: true });
    });
}
