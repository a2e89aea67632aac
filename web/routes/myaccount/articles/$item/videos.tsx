// The videos of an article in its form: upload (in resumable parts, so a big file survives a dropped connection
// or a reload), a title, and the thumbnail: the editor scrubs to a time and the frame there is captured in the
// browser and uploaded as the picture visitors see before they press play. Retitle, reorder, remove.
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '#schema/entities';
import { updateVideo } from '#web/api/article-media';
import { useNotify } from '#web/components/notifications';
import { errorText } from '#web/components/error-text';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { imagePart } from '#web/uploads/multipart';
import { VideoScrubber, type ScrubberHandle } from '#web/components/workspace/video-scrubber';
import { write } from '#web/data/cache';
import { AddVideo } from './add-video';
import { articleChanged } from './media-list';
import { MediaListSection } from './media-section';
import { BusyButton } from '#web/components/screen-kit/busy-button';

type Video = Extract<NonNullable<Article['media']>, { kind: 'video' }>['videos'][number];

export function VideoSection({ article, queue }: { article: Article; queue: UploadQueue }) {
  return (
    <MediaListSection
      article={article}
      kind="video"
      preview={(video, name) => (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- uploads have no caption files (the spec has none); the label names the video
        <video
          className="ws-video-thumb"
          src={video.href}
          poster={video.thumbnailHref ?? undefined}
          preload="none"
          controls
          aria-label={name}
        />
      )}
      editor={(video, { index, close }) => (
        <ThumbnailEditor article={article} video={video} index={index} onDone={close} />
      )}
    >
      <AddVideo article={article} queue={queue} />
    </MediaListSection>
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
