// The editor's Insert picture form: one of the article's gallery pictures, or a new one from this device (it goes up
// through the form's upload queue and joins the gallery, so the text places a real media id), with its alt text
// (required) and an optional caption.
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { UPLOAD_LIMITS } from '#schema/limits';
import { ApiError } from '#web/api/errors';
import { errorText } from '../error-text';
import { IMAGE_TYPES, imageProblem } from '../workspace/image-picker';
import type { EditorMedia } from './nodes';

const NEW = 'new';

export function PictureForm({
  media,
  onInsert,
  onCancel,
}: {
  media: EditorMedia;
  onInsert: (id: string, alt: string, caption: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const base = useId();
  const { upload } = media;
  const [chosen, setChosen] = useState(media.images[0]?.id ?? (upload ? NEW : ''));
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [altError, setAltError] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // Closing the form (or the editor) stops an upload it started.
  useEffect(() => () => running.current?.abort(), []);
  const max = Math.round(UPLOAD_LIMITS.image / 1024 / 1024);
  const label = t('rt.insertPicture');

  if (media.images.length === 0 && !upload)
    return (
      <div className="rte-panel" role="group" aria-label={label}>
        <p>{t(media.noUpload === 'unsaved' ? 'rt.uploadAfterSave' : 'rt.noPictures')}</p>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('rt.cancel')}
        </button>
      </div>
    );

  const fileProblem = (f: File | null) => {
    if (!f) return t('rt.fileRequired');
    const problem = imageProblem(f);
    return problem && t(`ws.image.${problem}`, { max });
  };

  const insert = async () => {
    const missingAlt = !alt.trim();
    const badFile = chosen === NEW ? fileProblem(file) : null;
    setAltError(missingAlt);
    setFileError(badFile);
    if (missingAlt || badFile) return;
    if (chosen !== NEW) return onInsert(chosen, alt.trim(), caption.trim());
    const controller = new AbortController();
    running.current = controller;
    setFailure(null);
    setProgress({ sent: 0, total: file!.size });
    try {
      const id = await upload!(file!, {
        signal: controller.signal,
        onProgress: (sent, total) => setProgress({ sent, total }),
      });
      running.current = null;
      onInsert(id, alt.trim(), caption.trim());
    } catch (err) {
      running.current = null;
      setProgress(null);
      if (controller.signal.aborted) return;
      // The file refused (its type, its size): said beside the file field, where choosing another one helps.
      if (err instanceof ApiError && (err.code === 413 || err.code === 415)) setFileError(errorText(err, intl));
      else setFailure(t('rt.uploadFailed', { error: errorText(err, intl) }));
    }
  };
  const cancel = () => {
    if (running.current) {
      running.current.abort();
      running.current = null;
      setProgress(null);
      return;
    }
    onCancel();
  };
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.floor((progress.sent / progress.total) * 100)) : 0;

  return (
    <div
      className="rte-panel rte-picture-panel"
      role="group"
      aria-label={label}
      aria-busy={progress ? true : undefined}
    >
      {/* A choice only where there is one: with an empty gallery the form asks for the new picture's file at once. */}
      {media.images.length > 0 && (
        <fieldset className="rte-choices" disabled={!!progress}>
          <legend>{t('rt.choosePicture')}</legend>
          {media.images.map((image, index) => (
            <label key={image.id} className="rte-choice">
              <input
                type="radio"
                name={`${base}-media`}
                checked={chosen === image.id}
                onChange={() => setChosen(image.id)}
              />
              <img src={image.href} alt="" width={64} height={48} />
              {/* An untitled picture by its place in the gallery, never by its stored file's name. */}
              <span>{image.title.trim() || t('rt.pictureNumber', { n: index + 1 })}</span>
            </label>
          ))}
          {upload && (
            <label className="rte-choice">
              <input type="radio" name={`${base}-media`} checked={chosen === NEW} onChange={() => setChosen(NEW)} />
              <span>{t('rt.uploadNew')}</span>
            </label>
          )}
        </fieldset>
      )}
      {chosen === NEW && (
        <>
          <label htmlFor={`${base}-file`}>{t('rt.uploadFile')}</label>
          <input
            id={`${base}-file`}
            type="file"
            accept={IMAGE_TYPES}
            disabled={!!progress}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${base}-file-hint${fileError ? ` ${base}-file-error` : ''}`}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setFileError(null);
              setFailure(null);
            }}
          />
          <p className="field-hint" id={`${base}-file-hint`}>
            {t('rt.uploadHint', { max })}
          </p>
          {fileError && (
            <p id={`${base}-file-error`} className="field-error">
              {fileError}
            </p>
          )}
        </>
      )}
      <label htmlFor={`${base}-alt`}>{t('rt.altText')}</label>
      <input
        id={`${base}-alt`}
        value={alt}
        required
        maxLength={300}
        aria-invalid={altError || undefined}
        aria-describedby={altError ? `${base}-alt-error` : undefined}
        onChange={(e) => {
          setAlt(e.currentTarget.value);
          setAltError(false);
        }}
      />
      {altError && (
        <p id={`${base}-alt-error`} className="field-error">
          {t('rt.altRequired')}
        </p>
      )}
      <label htmlFor={`${base}-caption`}>{t('rt.caption')}</label>
      <input
        id={`${base}-caption`}
        value={caption}
        maxLength={500}
        onChange={(e) => setCaption(e.currentTarget.value)}
      />
      {progress && (
        <p role="status" className="rte-upload">
          <progress max={100} value={percent} aria-label={t('rt.uploadProgress', { name: file?.name ?? '' })} />{' '}
          {t('rt.uploading', { name: file?.name ?? '', percent })}
        </p>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="rte-panel-actions">
        <button type="button" className="button" disabled={!!progress} onClick={() => void insert()}>
          {t(chosen === NEW ? 'rt.uploadInsert' : 'rt.insert')}
        </button>
        <button type="button" className="button button-secondary" onClick={cancel}>
          {t(progress ? 'rt.uploadCancel' : 'rt.cancel')}
        </button>
      </div>
    </div>
  );
}
