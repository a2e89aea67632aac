// Adding pictures to a gallery: several at once, by file picker or drop zone, each checked (type, size) and sent at
// once through the upload queue with its browser-made variants, its thumbnail shown beside its progress. A picture
// starts without a title (a file name such as "IMG_2041" is no caption); the gallery's list titles it.
import { useId, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '#schema/entities';
import { UPLOAD_LIMITS } from '#schema/limits';
import { IMAGE_TYPES, imageProblem } from '#web/components/workspace/image-picker';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { queueGalleryPicture } from './gallery-upload';

export function AddImages({ article, queue }: { article: Article; queue: UploadQueue }) {
  const intl = useIntl();
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const send = (files: readonly File[]) => {
    const bad: string[] = [];
    for (const file of files) {
      const problem = imageProblem(file);
      if (problem)
        bad.push(
          intl.formatMessage(
            { id: `ws.image.${problem}Named` },
            { name: file.name, max: Math.round(UPLOAD_LIMITS.image / 1024 / 1024) },
          ),
        );
      else queueGalleryPicture(queue, article.id, file, '');
    }
    setProblems(bad);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    send([...e.dataTransfer.files]);
  };

  return (
    <>
      <div
        className={dragging ? 'ws-dropzone ws-dropzone-active' : 'ws-dropzone'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId}>{intl.formatMessage({ id: 'ws.gallery.add' })}</label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={IMAGE_TYPES}
          aria-describedby={`${inputId}-hint`}
          onChange={(e) => {
            send([...(e.currentTarget.files ?? [])]);
            e.currentTarget.value = '';
          }}
        />
        <p className="field-hint" id={`${inputId}-hint`}>
          {intl.formatMessage({ id: 'ws.gallery.addHint' }, { max: Math.round(UPLOAD_LIMITS.image / 1024 / 1024) })}
        </p>
      </div>
      {problems.length > 0 && (
        <ul className="field-error" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </>
  );
}
