// Adding a video to an article: the file (checked for type and size before it goes), its title, and the frame
// that becomes its thumbnail; the upload goes in resumable parts through the queue, and the caller's unfinished
// uploads are offered to continue or discard. The title and time typed for a file are kept in this browser until
// its upload is done, so picking the same file again to resume it (after a reload) brings them back; the file
// field is emptied once the upload is queued.
import { useId, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Article } from '#schema/entities';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { LIMITS } from '#schema/requests';
import { addVideo } from '#web/api/article-media';
import { listUploads } from '#web/api/uploads';
import { useFileFieldKey, useObjectUrl } from '#web/components/workspace/image-picker';
import { formatBytes, type UploadQueue } from '#web/components/workspace/upload-queue';
import { VideoScrubber, type ScrubberHandle } from '#web/components/workspace/video-scrubber';
import { invalidate, useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { imagePart, VIDEO_TYPES } from '#web/uploads/multipart';
import { cancelResumable, fingerprintOf, uploadResumable } from '#web/uploads/resumable';
import { useSession } from '#web/session/session';
import { articleChanged } from './media-list';
import { forgetVideo, recallVideo, rememberVideo } from './video-memory';

export function AddVideo({ article, queue }: { article: Article; queue: UploadQueue }) {
  const intl = useIntl();
  const id = useId();
  const scrubber = useRef<ScrubberHandle>(null);
  const { user } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const src = useObjectUrl(file);
  const [title, setTitle] = useState('');
  const [millis, setMillis] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputKey = useFileFieldKey(file);
  const clear = () => setFile(null);

  const pick = async (picked: File | null) => {
    setProblem(null);
    const found = picked && videoProblem(picked, intl);
    if (found) {
      setProblem(found);
      return setFile(null);
    }
    setFile(picked);
    setMillis(0);
    // No title made from the file's name ("v1"): it would be the video's public caption.
    setTitle('');
    // The same file again (to resume its upload): what was typed for it comes back.
    const kept = picked && user ? recallVideo(user.id, await fingerprintOf(picked)) : null;
    if (kept) {
      setTitle((t) => t || kept.title);
      setMillis(kept.millis);
    }
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    // The frame is taken now, while the file is at hand; the upload may take long.
    const frame = await scrubber.current?.capture();
    const thumbnail = frame ? await imagePart(frame) : undefined;
    const job = { file, title, millis, uploadId: null as string | null };
    const kept = user ? { userId: user.id, fingerprint: await fingerprintOf(file) } : null;
    if (kept) rememberVideo(kept.userId, kept.fingerprint, { title, millis });
    const forget = () => kept && forgetVideo(kept.userId, kept.fingerprint);
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
        forget();
        await articleChanged(saved);
        await invalidate(keys.uploads());
      },
      cancel: async () => {
        forget();
        if (job.uploadId) await cancelResumable(job.uploadId);
        await invalidate(keys.uploads());
      },
    });
    clear();
    setBusy(false);
  };

  return (
    <div className="ws-add-video">
      <UnfinishedUploads queue={queue} />
      <div className="field">
        <label htmlFor={id}>{intl.formatMessage({ id: 'ws.video.add' })}</label>
        <input
          key={inputKey}
          id={id}
          type="file"
          accept={VIDEO_TYPES}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => void pick(e.currentTarget.files?.[0] ?? null)}
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
            <button type="button" className="button button-secondary" onClick={clear}>
              {intl.formatMessage({ id: 'ws.cancel' })}
            </button>
          </p>
        </div>
      )}
    </div>
  );
}

/** The caller's unfinished resumable uploads not running in this page: picking the same file again continues one. */
function UnfinishedUploads({ queue }: { queue: UploadQueue }) {
  const intl = useIntl();
  const unfinished = useQuery(keys.uploads(), listUploads);
  const open = (unfinished.data ?? []).filter(
    (u) => !queue.snapshot().some((t) => t.name === u.name && (t.status === 'uploading' || t.status === 'queued')),
  );
  if (open.length === 0) return null;
  return (
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
  );
}

/** Why a picked file cannot be a video here (its type, emptiness or size), or null. */
function videoProblem(picked: File, intl: IntlShape): string | null {
  if (!VIDEO_TYPES.split(',').includes(picked.type) && !/\.(mp4|webm)$/i.test(picked.name))
    return intl.formatMessage({ id: 'ws.video.type' });
  if (picked.size === 0) return intl.formatMessage({ id: 'ws.image.empty' });
  if (picked.size > RESUMABLE_LIMITS.video)
    return intl.formatMessage({ id: 'ws.video.size' }, { max: formatBytes(intl, RESUMABLE_LIMITS.video) });
  return null;
}
