// The gallery of an article in its form: add several pictures at once (file picker or drop zone), each with a
// title; retitle, remove, reorder (drag, keyboard, buttons), and set each picture's focal point and scale.
import { useId, useState, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '../../../../../schema/entities';
import { LIMITS } from '../../../../../schema/requests';
import { addImages, updateImage } from '../../../../api/article-media';
import Picture from '../../../../components/picture';
import { FocalPointPicker } from '../../../../components/workspace/focal-point';
import { IMAGE_TYPES, imageProblem } from '../../../../components/workspace/image-picker';
import { SortableList } from '../../../../components/workspace/sortable-list';
import type { UploadQueue } from '../../../../components/workspace/upload-queue';
import { UPLOAD_LIMITS } from '../../../../../schema/limits';
import { imagePart } from '../../../../uploads/multipart';
import { articleChanged, useMediaList } from './media-list';

interface Staged {
  key: number;
  file: File;
  title: string;
}

/** A file name without its extension: the title a picture starts with. */
export const titleFromFile = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, LIMITS.title);

let staged = 0;

export function GallerySection({ article, queue }: { article: Article; queue: UploadQueue }) {
  const intl = useIntl();
  const inputId = useId();
  const images = article.media?.kind === 'gallery' ? article.media.images : [];
  const { order, moving, name, titleOf, editTitle, move, retitle, remove, confirmDialog } = useMediaList(
    article,
    images,
    'gallery',
    (ordinal, changes) => updateImage(article.id, ordinal, changes),
  );
  const [picked, setPicked] = useState<Staged[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [focusOn, setFocusOn] = useState<string | null>(null);
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
    for (const item of picked) {
      queue.add({
        name: item.file.name,
        size: item.file.size,
        run: async ({ signal, progress }) => {
          const part = await imagePart(item.file);
          const saved = await addImages(article.id, [{ ...part, title: item.title }], { signal, onProgress: progress });
          await articleChanged(saved);
        },
      });
    }
    setPicked([]);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    stage([...e.dataTransfer.files]);
  };

  return (
    <section className="ws-box" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{intl.formatMessage({ id: 'ws.gallery.title' })}</h2>
      {order.length === 0 ? (
        <p className="muted">{intl.formatMessage({ id: 'ws.gallery.empty' })}</p>
      ) : (
        <SortableList
          items={order}
          label={intl.formatMessage({ id: 'ws.gallery.order' })}
          nameOf={name}
          disabled={moving}
          onMove={(from, to) => void move(from, to)}
          renderItem={(image, index) => (
            <div className="ws-media-item">
              <Picture src={image.href} alt="" width={120} height={90} />
              <div className="ws-media-fields">
                <label htmlFor={`${inputId}-t-${image.id}`}>
                  {intl.formatMessage({ id: 'ws.gallery.titleOf' }, { n: index + 1 })}
                </label>
                <input
                  id={`${inputId}-t-${image.id}`}
                  value={titleOf(image)}
                  maxLength={LIMITS.title}
                  onChange={(e) => editTitle(image, e.currentTarget.value)}
                  onBlur={() => void retitle(image, index)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void retitle(image, index);
                    }
                  }}
                />
                <p className="ws-media-buttons">
                  <button
                    type="button"
                    className="button-small button-secondary"
                    aria-expanded={focusOn === image.id}
                    onClick={() => setFocusOn((f) => (f === image.id ? null : image.id))}
                  >
                    {intl.formatMessage({ id: 'ws.focus.open' }, { name: name(image) })}
                  </button>
                  <button
                    type="button"
                    className="button-small button-secondary"
                    onClick={() => void remove(image, index)}
                  >
                    {intl.formatMessage({ id: 'ws.gallery.remove' }, { name: name(image) })}
                  </button>
                </p>
                {focusOn === image.id && <FocalPointPicker href={image.href} name={name(image)} />}
              </div>
            </div>
          )}
        />
      )}
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
      {confirmDialog}
    </section>
  );
}
