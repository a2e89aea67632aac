// Pictures of stored files: fixed width/height so nothing jumps, cropped with object-fit cover around the
// focal point and scale of the file's image option (./focal-crop: the focal point as close to the centre as the
// image allows, at every card size). The pictures a render shows are looked up together
// (GET /imageOptions?keys=...), each key once.
import { useEffect, useState, type CSSProperties } from 'react';
import { blobKeyOf, sizesOf, srcSetOf } from '#schema/picture-sources';
import './picture.css';

export { blobKeyOf, srcSetOf };

export type Framing = { position: string; scale: number };
const DEFAULT_FRAMING: Framing = { position: '50% 50%', scale: 1 };

const framingCache = new Map<string, Promise<Framing>>();

const isDefault = (f: Framing) => f.scale === 1 && f.position.trim() === DEFAULT_FRAMING.position;
/** ./focal-crop once a framing needed it; a framing resolves only after its crop can be computed. */
let cropOf: typeof import('./focal-crop').focalCrop | null = null;
const withCrop = async (f: Framing): Promise<Framing> => {
  if (!isDefault(f) && !cropOf) cropOf = (await import('./focal-crop')).focalCrop;
  return f;
};

/** Keys asked for since the last look-up went out, with who waits for each. */
let waiting = new Map<string, (framing: Framing) => void>();
const BATCH = 100;

/** Sends the keys gathered in this turn of the event loop, up to 100 a request; failures mean the defaults. */
function lookUpWaiting() {
  const batch = waiting;
  waiting = new Map();
  const keys = [...batch.keys()];
  for (let i = 0; i < keys.length; i += BATCH) {
    const chunk = keys.slice(i, i + BATCH);
    // The API client loads with the first look-up (a rendered page names its pictures' framings: none there).
    import('#web/api/imageOptions')
      .then((api) => api.listImageOptions(chunk))
      .then(
        (options) => {
          const found = new Map(
            options.map((o) => [o.blobKey, { position: o.position, scale: o.scale > 0 ? o.scale : 1 }]),
          );
          for (const key of chunk) {
            const resolve = batch.get(key)!;
            void withCrop(found.get(key) ?? DEFAULT_FRAMING).then(resolve, () => resolve(DEFAULT_FRAMING));
          }
        },
        () => {
          for (const key of chunk) batch.get(key)!(DEFAULT_FRAMING);
        },
      );
  }
}

/** The framing of a file; a file without options, or a failed look-up, means the defaults. */
export function framingOf(href: string): Promise<Framing> {
  const key = blobKeyOf(href);
  if (!key) return Promise.resolve(DEFAULT_FRAMING);
  let found = framingCache.get(key);
  if (!found) {
    found = new Promise<Framing>((resolve) => {
      if (waiting.size === 0) setTimeout(lookUpWaiting, 0);
      waiting.set(key, resolve);
    });
    framingCache.set(key, found);
  }
  return found;
}

/**
 * The framings a server-rendered page names for its pictures (web/data/seed.tsx): taken from here, not asked for
 * again. The first render still uses the defaults, as the server's HTML does; the framing follows at once.
 */
export function primeFramings(entries: readonly (readonly [string, Framing])[]): void {
  for (const [key, framing] of entries) framingCache.set(key, Promise.resolve(framing));
}

/** Forget cached look-ups (tests, or after an editor changed an option). */
export function clearFramingCache() {
  framingCache.clear();
}

type PictureProps = {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  /**
   * A picture of the first screen: loads at once, but behind the page's priority picture (fetchpriority low). Over
   * HTTP/1.1 (wrangler dev, older clients) the browser otherwise starts the first five large pictures together and
   * they share the line with the priority one; low ones wait until the render-blocking stylesheet is in. The rest
   * load lazily.
   */
  eager?: boolean;
  /** The page's largest picture (its LCP element): loads at once, ahead of the other pictures. */
  priority?: boolean;
  className?: string;
};

export default function Picture({ src, alt, width, height, eager = false, priority = false, className }: PictureProps) {
  // Kept with the file it belongs to, so a new src shows the default framing until its own arrives.
  const [loaded, setLoaded] = useState<{ src: string; framing: Framing } | null>(null);
  // The image's own proportions, known once it loaded: the crop depends on them.
  const [natural, setNatural] = useState<{ src: string; aspect: number } | null>(null);
  useEffect(() => {
    if (!src) return;
    let current = true;
    void framingOf(src).then((framing) => current && setLoaded({ src, framing }));
    return () => {
      current = false;
    };
  }, [src]);
  const frameStyle: CSSProperties = { aspectRatio: `${width} / ${height}`, maxWidth: `${width}px` };
  const classes = ['picture', className].filter(Boolean).join(' ');
  if (!src) {
    return (
      <span
        className={`${classes} picture-empty`}
        style={frameStyle}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      />
    );
  }
  const f = loaded?.src === src ? loaded.framing : DEFAULT_FRAMING;
  const imgStyle: CSSProperties = {
    objectFit: 'cover',
    ...(cropOf && !isDefault(f)
      ? cropOf(f, width / height, natural?.src === src ? natural.aspect : null)
      : { objectPosition: DEFAULT_FRAMING.position }),
  };
  return (
    <span className={classes} style={frameStyle}>
      <img
        src={src}
        alt={alt}
        srcSet={srcSetOf(src)}
        // Never wider than `width` CSS pixels, the whole viewport below that: the browser picks the copy.
        sizes={sizesOf(width)}
        width={width}
        height={height}
        loading={eager || priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : eager ? 'low' : undefined}
        // The page's largest picture paints in the frame it arrives for; the others may decode off the main thread.
        decoding={priority ? undefined : 'async'}
        style={imgStyle}
        onLoad={(e) => {
          const img = e.currentTarget;
          if (img.naturalWidth > 0 && img.naturalHeight > 0)
            setNatural({ src, aspect: img.naturalWidth / img.naturalHeight });
        }}
      />
    </span>
  );
}
