// Below a stored article's form: the gallery or the videos, as its type says (a text article: the media it has,
// such as the pictures uploaded from the editor); media of the other kind is offered to be switched (which
// removes it, after a confirmation).
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '#schema/entities';
import { setMediaKind } from '#web/api/article-media';
import { useNotify } from '#web/components/notifications';
import { useConfirm } from '#web/components/screen-kit/confirm-dialog';
import { Loading } from '#web/components/view-state';
import { errorText } from '#web/components/error-text';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { write } from '#web/data/cache';
import { articleSaved } from './media-list';

// The gallery and video editors (drag and drop, uploads, frame capture) load when an article has media to edit.
const GallerySection = lazy(() => import('./gallery').then((m) => ({ default: m.GallerySection })));
const VideoSection = lazy(() => import('./videos').then((m) => ({ default: m.VideoSection })));

export function MediaSections({ article, queue }: { article: Article; queue: UploadQueue }) {
  const intl = useIntl();
  const notify = useNotify();
  const [confirm, confirmDialog] = useConfirm();
  // A text article shows the gallery its in-text pictures made (uploaded from the editor), to title or remove them.
  const wanted =
    article.type === 'gallery' ? 'gallery' : article.type === 'video' ? 'video' : (article.media?.kind ?? null);
  if (!wanted) return null;
  const other = article.media && article.media.kind !== wanted ? article.media : null;
  const switchKind = async () => {
    const count = other?.kind === 'gallery' ? other.images.length : other?.kind === 'video' ? other.videos.length : 0;
    const ok = await confirm({
      title: intl.formatMessage({ id: 'ws.media.switchTitle' }),
      message: intl.formatMessage({ id: `ws.media.switchText.${wanted}` }, { count }),
      confirmLabel: intl.formatMessage({ id: 'ws.media.switch' }),
    });
    if (!ok) return;
    try {
      const saved = await write(() => setMediaKind(article.id, wanted));
      await articleSaved(saved);
    } catch (err) {
      notify({ kind: 'error', message: errorText(err, intl) });
    }
  };
  if (other) {
    return (
      <section className="ws-box">
        <p>{intl.formatMessage({ id: `ws.media.other.${other.kind}` })}</p>
        <button type="button" className="button button-secondary" onClick={() => void switchKind()}>
          {intl.formatMessage({ id: 'ws.media.switch' })}
        </button>
        {confirmDialog}
      </section>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      {wanted === 'gallery' ? (
        <GallerySection article={article} queue={queue} />
      ) : (
        <VideoSection article={article} queue={queue} />
      )}
    </Suspense>
  );
}
