// Adding pictures to a gallery: several at once, by file picker or drop zone, each checked (type, size) and given a
// title before they go; each goes up through the upload queue with its browser-made variants.
import { useId, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '../../../../../schema/entities';
import { UPLOAD_LIMITS } from '../../../../../schema/limits';
import { LIMITS } from '../../../../../schema/requests';
import { IMAGE_TYPES, imageProblem } from '../../../../components/workspace/image-picker';
import type { UploadQueue } from '../../../../components/workspace/upload-queue';
import { queueGalleryPicture, titleFromFile } from './gallery-upload';

interface Staged {
  key: number;
  file: File;
  title: string;
}

let staged = 0;

export function AddImages({ article, queue }: { article: Article; queue: UploadQueue }) {
  const intl = useIntl();
  const inputId = useId();
  const [picked, setPicked] = useState<Staged[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const stage = (files: readonly File[]) => {
    const bad: string[] = [];
    const good: Staged[] = [];
    for (const file of files) {
      const problem = imageProblem(file);
      if (problem)
        bad.push(
          intl.formatMessage(
            { id: `ws.image.${problem}Named` },
            { name: file.name, max: Math.round(UPLOAD_LIMITS.image / 1024 / 1024) },
          ),
        );
      else good.push({ key: ++staged, file, title: titleFromFile(file.name) });
    }
    setProblems(bad);
    setPicked((p) => [...p, ...good]);
  };

  const upload = () => {
    for (const item of picked) queueGalleryPicture(queue, article.id, item.file, item.title);
    setPicked([]);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    stage([...e.dataTransfer.files]);
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
            stage([...(e.currentTarget.files ?? [])]);
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
      {picked.length > 0 && (
        <div className="ws-staged">
          <ul>
            {picked.map((item) => (
              <li key={item.key}>
                <label htmlFor={`${inputId}-s-${item.key}`}>
                  {intl.formatMessage({ id: 'ws.gallery.titleOfFile' }, { name: item.file.name })}
                </label>
                <input
                  id={`${inputId}-s-${item.key}`}
                  value={item.title}
                  maxLength={LIMITS.title}
                  onChange={(e) => {
                    const title = e.currentTarget.value;
                    setPicked((p) => p.map((s) => (s.key === item.key ? { ...s, title } : s)));
                  }}
                />
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setPicked((p) => p.filter((s) => s.key !== item.key))}
                >
                  {intl.formatMessage({ id: 'ws.gallery.unpick' }, { name: item.file.name })}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button" onClick={upload}>
            {intl.formatMessage({ id: 'ws.gallery.upload' }, { count: picked.length })}
          </button>
        </div>
      )}
    </>
  );
}
