// An article's pictures or videos as its form arranges them, shared by the gallery and the videos sections: the
// order shown (the server's, or the one just made while its write travels), and moving, retitling and removing one
// item, each written at once and put into the cache (articleChanged), with the error told when a write fails.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '#schema/entities';
import { removeMedia } from '#web/api/article-media';
import { useNotify } from '#web/components/notifications';
import { errorText } from '#web/components/error-text';
import { useConfirm } from '#web/components/screen-kit/confirm-dialog';
import { useListOrder } from '#web/components/workspace/list-order';
import { invalidate, setQueryData, write } from '#web/data/cache';
import { keys } from '#web/data/keys';

/**
 * Puts the article the server answered (its own language: writes answer the source) into the form's cache entry,
 * and drops the page's copy, which may be a translation, so the article page asks again.
 */
export async function articleChanged(saved: Article) {
  await articleSaved(saved);
  await invalidate(['workspace']);
}

/** The form's copy of the article becomes `saved`; the page's copy (in the page's language) is asked for again. */
export async function articleSaved(saved: Article) {
  await setQueryData(keys.articleSource(saved.id), () => saved);
  await setQueryData(keys.article(saved.id), () => undefined);
}

interface MediaItem {
  id: string;
  title: string;
}

/**
 * `kind` picks the messages (ws.gallery.* or ws.video.*); `update` writes an item's new position or title by its
 * ordinal (PUT .../media/images/{ordinal} or .../media/video/{ordinal}) and answers the article.
 */
export function useMediaList<T extends MediaItem>(
  article: Article,
  items: T[],
  kind: 'gallery' | 'video',
  update: (ordinal: number, changes: { ordinal?: number; title?: string }) => Promise<Article>,
) {
  const intl = useIntl();
  const notify = useNotify();
  const [confirm, confirmDialog] = useConfirm();
  // Titles being typed, by item id, until they are saved.
  const [titles, setTitles] = useState<Record<string, string>>({});
  const failed = (err: unknown) => notify({ kind: 'error', message: errorText(err, intl) });
  // A new answer from the server (after any write) is the order again.
  const { order, moving, move } = useListOrder(
    items,
    article,
    (_next, from, to) => write(() => update(from, { ordinal: to }), { update: articleChanged }),
    failed,
  );

  const name = (item: T) =>
    item.title || intl.formatMessage({ id: `ws.${kind}.untitled` }, { n: order.indexOf(item) + 1 });
  const titleOf = (item: T) => titles[item.id] ?? item.title;
  const editTitle = (item: T, title: string) => setTitles((t) => ({ ...t, [item.id]: title }));

  const retitle = async (item: T, index: number) => {
    const title = titles[item.id];
    if (title === undefined || title === item.title) return;
    try {
      await write(() => update(index, { title }), { update: articleChanged });
      setTitles(({ [item.id]: _, ...rest }) => rest);
    } catch (err) {
      failed(err);
    }
  };

  const remove = async (item: T, index: number) => {
    const ok = await confirm({
      title: intl.formatMessage({ id: `ws.${kind}.removeTitle` }),
      message: intl.formatMessage({ id: `ws.${kind}.removeText` }, { name: name(item) }),
      confirmLabel: intl.formatMessage({ id: 'ws.remove' }),
    });
    if (!ok) return;
    try {
      await write(() => removeMedia(article.id, index), { update: articleChanged });
      notify({ kind: 'success', message: intl.formatMessage({ id: `ws.${kind}.removed` }, { name: name(item) }) });
    } catch (err) {
      failed(err);
    }
  };

  return { order, moving, name, titleOf, editTitle, move, retitle, remove, confirmDialog };
}
