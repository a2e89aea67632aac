// The videos of an article in its form: upload (in resumable parts, so a big file survives a dropped connection
// or a reload), a title, and the thumbnail: the editor scrubs to a time and the frame there is captured in the
// browser and uploaded as the picture visitors see before they press play. Retitle, reorder, remove.
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '../../../../../schema/entities';
import { LIMITS } from '../../../../../schema/requests';
import { addVideo, updateVideo } from '../../../../api/article-media';
import { listUploads } from '../../../../api/uploads';
import { useNotify } from '../../../../components/notifications';
import { errorMessage } from '../../../../components/view-state';
import { SortableList } from '../../../../components/workspace/sortable-list';
import { useObjectUrl } from '../../../../components/workspace/image-picker';
import { formatBytes, type UploadQueue } from '../../../../components/workspace/upload-queue';
import { RESUMABLE_LIMITS } from '../../../../../schema/limits';
import { imagePart, VIDEO_TYPES } from '../../../../uploads/multipart';
import { VideoScrubber, type ScrubberHandle } from '../../../../components/workspace/video-scrubber';
import { invalidate, useQuery, write } from '../../../../data/cache';
import { keys } from '../../../../data/keys';
import { cancelResumable, uploadResumable } from '../../../../uploads/resumable';
import { titleFromFile } from './gallery';
import { articleChanged, useMediaList } from './media-list';

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
      notify({ kind: 'error', message: errorMessage(err) });
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
      <button
        type="button"
        className="button button-small"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void save()}
      >
        {intl.formatMessage({ id: 'ws.video.useFrame' })}
      </button>
    </div>
  );
}

/** A new video: pick the file (or the same one again to resume), give a title, choose the thumbnail, upload. */
function AddVideo({ article, queue }: { article: Article; queue: UploadQueue }) {
  const intl = useIntl();
  const id = useId();
  const scrubber = useRef<ScrubberHandle>(null);
  const [file, setFile] = useState<File | null>(null);
  const src = useObjectUrl(file);
  const [title, setTitle] = useState('');
  const [millis, setMillis] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unfinished = useQuery(keys.uploads(), listUploads);

  const pick = (picked: File | null) => {
    setProblem(null);
    if (picked && !VIDEO_TYPES.split(',').includes(picked.type) && !/\.(mp4|webm)$/i.test(picked.name)) {
      setProblem(intl.formatMessage({ id: 'ws.video.type' }));
      return setFile(null);
    }
    if (picked && picked.size === 0) {
      setProblem(intl.formatMessage({ id: 'ws.image.empty' }));
      return setFile(null);
    }
    if (picked && picked.size > RESUMABLE_LIMITS.video) {
      setProblem(intl.formatMessage({ id: 'ws.video.size' }, { max: formatBytes(intl, RESUMABLE_LIMITS.video) }));
      return setFile(null);
    }
    setFile(picked);
    setMillis(0);
    setTitle(picked ? titleFromFile(picked.name) : '');
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    // The frame is taken now, while the file is at hand; the upload may take long.
    const frame = await scrubber.current?.capture();
    const thumbnail = frame ? await imagePart(frame) : undefined;
    const job = { file, title, millis, uploadId: null as string | null };
    queue.add({
      name: file.name,
      size: file.size,
      run: async ({ signal, progress }) => {
        const done = await uploadResumable(job.file, {
          signal,
          onProgress: progress,
          onStarted: (started) => {
            job.uploadId = started.id;
          },
        });
        const saved = await addVideo(
          article.id,
          { videoUploadId: done.id, title: job.title, thumbnailMillis: job.millis, thumbnail },
          { signal },
        );
        await articleChanged(saved);
        await invalidate(keys.uploads());
      },
      cancel: async () => {
        if (job.uploadId) await cancelResumable(job.uploadId);
        await invalidate(keys.uploads());
      },
    });
    setFile(null);
    setBusy(false);
  };

  const open = (unfinished.data ?? []).filter(
    (u) => !queue.snapshot().some((t) => t.name === u.name && (t.status === 'uploading' || t.status === 'queued')),
  );
  return (
    <div className="ws-add-video">
      {open.length > 0 && (
        <div className="ws-unfinished" role="note">
          <p>{intl.formatMessage({ id: 'ws.video.unfinished' })}</p>
          <ul>
            {open.map((u) => (
              <li key={u.id}>
                {intl.formatMessage(
                  { id: 'ws.video.unfinishedItem' },
                  {
                    name: u.name,
                    percent: Math.floor((u.parts.length / u.partCount) * 100),
                    size: formatBytes(intl, u.size),
                  },
                )}{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void cancelResumable(u.id).then(() => invalidate(keys.uploads()))}
                >
                  {intl.formatMessage({ id: 'ws.video.discard' }, { name: u.name })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="field">
        <label htmlFor={id}>{intl.formatMessage({ id: 'ws.video.add' })}</label>
        <input
          id={id}
          type="file"
          accept={VIDEO_TYPES}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => pick(e.currentTarget.files?.[0] ?? null)}
        />
        <p className="field-hint" id={`${id}-hint`}>
          {intl.formatMessage({ id: 'ws.video.addHint' }, { max: formatBytes(intl, RESUMABLE_LIMITS.video) })}
        </p>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      {file && src && (
        <div className="ws-new-video">
          <div className="field">
            <label htmlFor={`${id}-title`}>{intl.formatMessage({ id: 'ws.video.newTitle' })}</label>
            <input
              id={`${id}-title`}
              value={title}
              maxLength={LIMITS.title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
          </div>
          <VideoScrubber
            ref={scrubber}
            src={src}
            millis={millis}
            onMillis={setMillis}
            label={intl.formatMessage({ id: 'ws.video.preview' })}
          />
          <p className="actions">
            <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={() => void upload()}>
              {intl.formatMessage({ id: 'ws.video.upload' })}
            </button>
            <button type="button" className="button button-secondary" onClick={() => pick(null)}>
              {intl.formatMessage({ id: 'ws.cancel' })}
            </button>
          </p>
        </div>
      )}
    </div>
  );
}
