// Choosing a picture for a field (portrait, banner, thumbnail, cover): the current one or the chosen file as a
// preview, a file input, and a check of the type and size before anything is sent.
import { useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { describedBy, FieldNotes } from '../form';
import { UPLOAD_LIMITS } from '#schema/limits';

export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** The reason a file cannot be this field's picture, or null. */
export function imageProblem(file: File): 'type' | 'size' | 'empty' | null {
  if (!IMAGE_TYPES.split(',').includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > UPLOAD_LIMITS.image) return 'size';
  return null;
}

/** Object URLs whose revoking waits a moment: a remount that still shows one (StrictMode's) keeps it. */
const revoking = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * A URL for a picked file while it is shown, revoked once the file changes or the component goes for good. The
 * revoke waits a moment and an effect that runs again for the same URL calls it off: revoked at once, StrictMode's
 * second run of the effect left a revoked URL on the page, which the browser kept failing to load.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!url) return;
    clearTimeout(revoking.get(url));
    revoking.delete(url);
    return () => {
      revoking.set(
        url,
        setTimeout(() => {
          revoking.delete(url);
          URL.revokeObjectURL(url);
        }, 0),
      );
    };
  }, [url]);
  return url;
}

/**
 * The key of a file input whose file goes away (sent, undone): a new, empty input then, as the old one would still
 * show the file's name.
 */
export function useFileFieldKey(file: Blob | null): number {
  const [key, setKey] = useState(0);
  const [shown, setShown] = useState(file);
  if (shown !== file) {
    setShown(file);
    if (!file) setKey((k) => k + 1);
  }
  return key;
}

export function ImagePicker({
  label,
  current,
  file,
  onFile,
  onRemove,
  hint,
}: {
  label: string;
  /** The stored picture's href, if any. */
  current: string | null;
  /** The picked file, not yet sent. */
  file: File | null;
  onFile: (file: File | null) => void;
  /** Offered when there is a stored picture: sends its removal with the next save. */
  onRemove?: (() => void) | undefined;
  hint?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const fieldKey = useFileFieldKey(file);
  const shown = preview ?? current;
  return (
    <div className={error ? 'field ws-image-field field-invalid' : 'field ws-image-field'}>
      <label htmlFor={id}>{label}</label>
      {shown ? (
        <img
          className="ws-image-preview"
          src={shown}
          alt={intl.formatMessage({ id: preview ? 'ws.image.chosen' : 'ws.image.current' }, { label })}
        />
      ) : (
        <span className="ws-image-preview ws-image-empty" aria-hidden="true" />
      )}
      <input
        key={fieldKey}
        id={id}
        type="file"
        accept={IMAGE_TYPES}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error: error ?? undefined })}
        onChange={(e) => {
          const picked = e.currentTarget.files?.[0] ?? null;
          const problem = picked ? imageProblem(picked) : null;
          setError(
            problem
              ? intl.formatMessage(
                  { id: `ws.image.${problem}` },
                  { max: Math.round(UPLOAD_LIMITS.image / 1024 / 1024) },
                )
              : null,
          );
          onFile(problem ? null : picked);
          if (problem) e.currentTarget.value = '';
        }}
      />
      <FieldNotes id={id} hint={hint} error={error ?? undefined} />
      {(file || (current && onRemove)) && (
        <p>
          <button type="button" className="link-button" onClick={() => (file ? onFile(null) : onRemove?.())}>
            {intl.formatMessage({ id: file ? 'ws.image.undo' : 'ws.image.remove' })}
          </button>
        </p>
      )}
    </div>
  );
}
