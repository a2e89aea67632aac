// The section of an article's form that arranges its pictures or its videos (gallery.tsx, videos.tsx): the list in
// its order (drag, keyboard, buttons), each item's preview, title field, the button that opens its own editor (the
// focal point, the thumbnail) and its removal; below it, how new items come in.
import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Article } from '#schema/entities';
import { LIMITS } from '#schema/requests';
import { SortableList } from '#web/components/workspace/sortable-list';
import { updateImage, updateVideo } from '#web/api/article-media';
import { useMediaList } from './media-list';

type Media = NonNullable<Article['media']>;
type Picture = Extract<Media, { kind: 'gallery' }>['images'][number];
type Video = Extract<Media, { kind: 'video' }>['videos'][number];
type ItemOf<K extends Media['kind']> = K extends 'gallery' ? Picture : Video;

/** Per kind: its items in the article, the write of one by its ordinal, and the button that opens its editor. */
const KINDS = {
  gallery: {
    items: (media: Article['media']) => (media?.kind === 'gallery' ? media.images : []),
    update: updateImage,
    open: 'ws.focus.open',
  },
  video: {
    items: (media: Article['media']) => (media?.kind === 'video' ? media.videos : []),
    update: updateVideo,
    open: 'ws.video.changeThumbnail',
  },
} as const;

export function MediaListSection<K extends Media['kind']>({
  article,
  kind,
  preview,
  editor,
  children,
}: {
  article: Article;
  /** Also picks the messages: ws.gallery.* or ws.video.*. */
  kind: K;
  preview: (item: ItemOf<K>, name: string) => ReactNode;
  editor: (item: ItemOf<K>, at: { index: number; name: string; close: () => void }) => ReactNode;
  /** How new items come in. */
  children: ReactNode;
}) {
  const intl = useIntl();
  const id = useId();
  const { items, update, open: openLabel } = KINDS[kind];
  const { order, moving, name, titleOf, editTitle, move, retitle, remove, confirmDialog } = useMediaList(
    article,
    items(article.media) as ItemOf<K>[],
    kind,
    (ordinal, changes) => update(article.id, ordinal, changes),
  );
  const [open, setOpen] = useState<string | null>(null);

  return (
    <section className="ws-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage({ id: `ws.${kind}.title` })}</h2>
      {order.length === 0 ? (
        <p className="muted">{intl.formatMessage({ id: `ws.${kind}.empty` })}</p>
      ) : (
        <SortableList
          items={order}
          label={intl.formatMessage({ id: `ws.${kind}.order` })}
          nameOf={name}
          disabled={moving}
          onMove={(from, to) => void move(from, to)}
          renderItem={(item, index) => (
            <div className="ws-media-item">
              {preview(item, name(item))}
              <div className="ws-media-fields">
                <label htmlFor={`${id}-t-${item.id}`}>
                  {intl.formatMessage({ id: `ws.${kind}.titleOf` }, { n: index + 1 })}
                </label>
                <input
                  id={`${id}-t-${item.id}`}
                  value={titleOf(item)}
                  maxLength={LIMITS.title}
                  onChange={(e) => editTitle(item, e.currentTarget.value)}
                  onBlur={() => void retitle(item, index)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void retitle(item, index);
                    }
                  }}
                />
                <p className="ws-media-buttons">
                  <button
                    type="button"
                    className="button-small button-secondary"
                    aria-expanded={open === item.id}
                    onClick={() => setOpen((o) => (o === item.id ? null : item.id))}
                  >
                    {intl.formatMessage({ id: openLabel }, { name: name(item) })}
                  </button>
                  <button
                    type="button"
                    className="button-small button-secondary"
                    onClick={() => void remove(item, index)}
                  >
                    {intl.formatMessage({ id: `ws.${kind}.remove` }, { name: name(item) })}
                  </button>
                </p>
                {open === item.id && editor(item, { index, name: name(item), close: () => setOpen(null) })}
              </div>
            </div>
          )}
        />
      )}
      {children}
      {confirmDialog}
    </section>
  );
}
