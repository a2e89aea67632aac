// The gallery of an article in its form: retitle, remove, reorder (drag, keyboard, buttons), and set each
// picture's focal point and scale; new pictures come through add-images.tsx.
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '#schema/entities';
import { LIMITS } from '#schema/requests';
import { updateImage } from '#web/api/article-media';
import Picture from '#web/components/picture';
import { FocalPointPicker } from '#web/components/workspace/focal-point';
import { SortableList } from '#web/components/workspace/sortable-list';
import type { UploadQueue } from '#web/components/workspace/upload-queue';
import { AddImages } from './add-images';
import { useMediaList } from './media-list';

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
  const [focusOn, setFocusOn] = useState<string | null>(null);

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
      <AddImages article={article} queue={queue} />
      {confirmDialog}
    </section>
  );
}
