// An article's gallery: a grid of thumbnails, each opening the full-screen viewer at its image.
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Media } from '#schema';
import Picture from '../picture';
import GalleryViewer from './viewer';
import './gallery.css';

type GalleryImage = Extract<NonNullable<Media>, { kind: 'gallery' }>['images'][number];

export default function Gallery({ images, articleTitle }: { images: GalleryImage[]; articleTitle: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const opener = useRef<number | null>(null);
  // Focus goes back to the thumbnail of the picture last shown once the viewer is gone.
  useEffect(() => {
    if (open === null && opener.current !== null) {
      thumbs.current[opener.current]?.focus();
      opener.current = null;
    }
  }, [open]);
  if (images.length === 0) return null;
  const altOf = (image: GalleryImage, index: number) =>
    image.title ||
    intl.formatMessage(
      { id: 'media.imageOf', defaultMessage: '{title}, image {n}' },
      { title: articleTitle, n: index + 1 },
    );
  return (
    <section className="gallery" aria-label={intl.formatMessage({ id: 'media.gallery', defaultMessage: 'Gallery' })}>
      <ul className="gallery-grid">
        {images.map((image, index) => (
          <li key={image.id}>
            <button
              type="button"
              className="gallery-thumb"
              ref={(el) => {
                thumbs.current[index] = el;
              }}
              aria-label={intl.formatMessage(
                { id: 'media.openImage', defaultMessage: 'Open image {n} of {count}: {title}' },
                { n: index + 1, count: images.length, title: altOf(image, index) },
              )}
              onClick={() => {
                opener.current = index;
                setOpen(index);
              }}
            >
              <Picture src={image.href} alt="" width={320} height={240} eager={index < 4} priority={index === 0} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <GalleryViewer
          images={images.map((image, index) => ({ href: image.href, alt: altOf(image, index), title: image.title }))}
          index={open}
          onIndexChange={setOpen}
          onClose={() => {
            // Focus goes back to the picture that was open, which a swipe or the arrows may have changed.
            opener.current = open;
            setOpen(null);
          }}
        />
      )}
    </section>
  );
}
