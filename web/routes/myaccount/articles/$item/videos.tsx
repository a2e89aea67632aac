// The videos of an article in its form: upload (in resumable parts, so a big file survives a dropped connection
// or a reload), a title, and the thumbnail: the editor scrubs to a time and the frame there is captured in the
// browser and uploaded as the picture visitors see before they press play. Retitle, reorder, remove.
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '#schema/entities';
import { LIMITS } from '#schema/requests';
import { updateVideo } from '#web/api/article-media';
import { useNotify } from '#web/components/notifications';
import { errorText } from '#web/components/error-text';
import { SortableList } from '#web/components/workspace/sortable-list';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { imagePart } from '#web/uploads/multipart';
import { VideoScrubber, type ScrubberHandle } from '#web/components/workspace/video-scrubber';
import { write } from '#web/data/cache';
import { AddVideo } from './add-video';
import { articleChanged, useMediaList } from './media-list';
import { BusyButton } from '#web/components/screen-kit/busy-button';

type Video = Extract<NonNullable<Article['media']>, { kind: 'video' }>['videos'][number];

export function VideoSection({ article, queue }: { article: Article; queue: UploadQueue }) {
  const intl = useIntl();
  const id = useId();
  const videos = article.media?.kind === 'video' ? article.media.videos : [];
  const { order, moving, name, titleOf, editTitle, move, retitle, remove, confirmDialog } = useMediaList(
    article,
    videos,
    'video',
    (ordinal, changes) => updateVideo(article.id, ordinal, changes),
  );
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <section className="ws-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage({ id: 'ws.video.title' })}</h2>
      {order.length === 0 ? (
        <p className="muted">{intl.formatMessage({ id: 'ws.video.empty' })}</p>
      ) : (
        <SortableList
          items={order}
          label={intl.formatMessage({ id: 'ws.video.order' })}
          nameOf={name}
          disabled={moving}
          onMove={(from, to) => void move(from, to)}
          renderItem={(video, index) => (
            <div className="ws-media-item">
              {/* eslint-disable-next-line jsx-a11y/media-has-caption -- uploads have no caption files (the spec has none); the label names the video */}
              <video
                className="ws-video-thumb"
                src={video.href}
                poster={video.thumbnailHref ?? undefined}
                preload="none"
                controls
                aria-label={name(video)}
              />
              <div className="ws-media-fields">
                <label htmlFor={`${id}-t-${video.id}`}>
                  {intl.formatMessage({ id: 'ws.video.titleOf' }, { n: index + 1 })}
                </label>
                <input
                  id={`${id}-t-${video.id}`}
                  value={titleOf(video)}
                  maxLength={LIMITS.title}
                  onChange={(e) => editTitle(video, e.currentTarget.value)}
                  onBlur={() => void retitle(video, index)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void retitle(video, index);
                    }
                  }}
                />
                <p className="ws-media-buttons">
                  <button
                    type="button"
                    className="button-small button-secondary"
                    aria-expanded={editing === video.id}
                    onClick={() => setEditing((e) => (e === video.id ? null : video.id))}
                  >
                    {intl.formatMessage({ id: 'ws.video.changeThumbnail' }, { name: name(video) })}
                  </button>
                  <button
                    type="button"
                    className="button-small button-secondary"
                    onClick={() => void remove(video, index)}
                  >
                    {intl.formatMessage({ id: 'ws.video.remove' }, { name: name(video) })}
                  </button>
                </p>
                {editing === video.id && (
                  <ThumbnailEditor article={article} video={video} index={index} onDone={() => setEditing(null)} />
                )}
              </div>
            </div>
          )}
        />
      )}
      <AddVideo article={article} queue={queue} />
      {confirmDialog}
    </section>
  );
}

/** A stored video's thumbnail: scrub, then capture and save that frame. */
function ThumbnailEditor({
  article,
  video,
  index,
  onDone,
}: {
  article: Article;
  video: Video;
  index: number;
  onDone: () => void;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const scrubber = useRef<ScrubberHandle>(null);
  const [millis, setMillis] = useState(video.thumbnailMillis);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const frame = await scrubber.current?.capture();
      const thumbnail = frame ? await imagePart(frame) : undefined;
      await write(() => updateVideo(article.id, index, { thumbnailMillis: millis, thumbnail }), {
        update: articleChanged,
      });
      notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.video.thumbnailSaved' }) });
      onDone();
    } catch (err) {
      notify({ kind: 'error', message: errorText(err, intl) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ws-thumb-editor">
      <VideoScrubber
        ref={scrubber}
        src={video.href}
        millis={millis}
        onMillis={setMillis}
        label={intl.formatMessage({ id: 'ws.video.preview' })}
      />
      <BusyButton className="button button-small" busy={busy} onClick={save}>
        {intl.formatMessage({ id: 'ws.video.useFrame' })}
      </BusyButton>
    </div>
  );
}

/** A new video: pick the file (or the same one again to resume), give a title, choose the thumbnail, upload. */
