// One step of a WordPress, Ghost or Markdown import (decisions 047, 050): the source's own `scan` reads the file once
// into chunks of items, then the same phases follow for all three: `terms`, `items` (25 a step), `links`.
import { scanGhost } from './ghost';
import { items } from './items';
import { links } from './links';
import { mediaZipPictures } from './media-zip';
import { archivePictures, scanMarkdown } from './markdown';
import type { ImportContext, ImportProgress } from './progress';
import { authorsToReview, terms } from './terms';
import { scanWordpress } from './wordpress';

/** One step of the import; true while more remain. */
export async function sourceStep(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
  const phase = (progress.cursor.phase as string | undefined) ?? 'scan';
  const kind = ctx.row.sourceKind;
  if (phase === 'scan') {
    const review = progress.cursor.review === true;
    if (kind === 'ghost') await scanGhost(ctx, progress);
    else if (kind === 'markdown') {
      // An archive's scan takes several steps (100 files each); it sets its own cursor until the last.
      if (!(await scanMarkdown(ctx, progress))) {
        if (review) progress.cursor.review = true;
        return true;
      }
    } else if (!(await scanWordpress(ctx, progress))) {
      // A large file's scan takes several steps (16 MiB each); it keeps its own cursor until the last.
      if (review) progress.cursor.review = true;
      return true;
    }
    progress.cursor = { phase: 'terms' };
    if (review) {
      // The screen asked to map the authors first: the import waits in `review` (POST /imports/{id}/start).
      progress.report.authors = await authorsToReview(ctx);
      progress.pause = true;
    }
    return true;
  }
  if (phase === 'terms') {
    await terms(ctx, progress);
    progress.cursor = { phase: 'items', items: 0 };
    return true;
  }
  if (phase === 'items') {
    // Pictures from the archive itself (Markdown) or from the uploads ZIP given beside the file, before any fetch.
    const pictures =
      kind === 'markdown'
        ? await archivePictures(ctx)
        : ctx.row.mediaKey
          ? await mediaZipPictures(ctx, ctx.row.mediaKey)
          : undefined;
    return items(ctx, progress, pictures);
  }
  return links(ctx, progress);
}
