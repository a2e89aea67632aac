// Pictures of stored files: fixed width/height so nothing jumps, cropped with object-fit cover around the
// focal point and scale of the file's image option (focalCrop: the focal point as close to the centre as the
// image allows, at every card size). The pictures a render shows are looked up together
// (GET /imageOptions?keys=...), each key once.
import { useEffect, useState, type CSSProperties } from 'react';
import { blobKeyOf, sizesOf, srcSetOf } from '../../../schema/picture-sources';
import './picture.css';

export { blobKeyOf, srcSetOf };

export type Framing = { position: string; scale: number };
const DEFAULT_FRAMING: Framing = { position: '50% 50%', scale: 1 };

/** The style that crops a picture: object-position for the cover crop, then the zoom as translate and scale. */
export interface CropStyle {
  objectPosition: string;
  transform: string | undefined;
  transformOrigin: string;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const pct = (v: number) => `${Math.round(v * 10000) / 100}%`;

/** 'x% y%' as fractions; anything unreadable is the centre. */
function focalPoint(position: string): [number, number] {
  const m = /^(\d+(?:\.\d+)?)% (\d+(?:\.\d+)?)%$/.exec(position.trim());
  return m ? [clamp(Number(m[1]) / 100, 0, 1), clamp(Number(m[2]) / 100, 0, 1)] : [0.5, 0.5];
}

/**
 * Along one axis, in frame units (the frame is 1 long): `cover` is how long object-fit cover shows the image
 * (1, or more on the axis the image overflows), `focus` the focal point (0..1 of the image), `zoom` >= 1.
 * Returns the cover crop's object-position (0..1) and the translation (in frame units) that, with scale(zoom)
 * from the top left corner, puts the focal point as near the centre as the image's edges allow.
 */
function axisCrop(cover: number, focus: number, zoom: number): { position: number; translate: number } {
  // Unzoomed: the left edge that centres the focus, kept inside [1 - cover, 0] so no gap shows.
  const left0 = clamp(0.5 - focus * cover, 1 - cover, 0);
  const position = cover > 1 ? left0 / (1 - cover) : 0.5;
  // Zoomed: the same with the longer image, then what translate adds to scale(zoom)'s own move of left0.
  const length = cover * zoom;
  const left = clamp(0.5 - focus * length, 1 - length, 0);
  return { position, translate: left - zoom * left0 };
}

/**
 * The crop of a picture with focal point `position` ('x% y%') and `scale` in a frame of `frameAspect`
 * (width / height) of an image of `imageAspect` (null while unknown: taken as the frame's). The focal point ends
 * as close to the frame's centre as the image allows; the frame never shows a gap (a scale below 1 counts as 1).
 */
export function focalCrop(framing: Framing, frameAspect: number, imageAspect: number | null): CropStyle {
  const [fx, fy] = focalPoint(framing.position);
  const zoom = Math.max(1, Number.isFinite(framing.scale) ? framing.scale : 1);
  const ratio = imageAspect && imageAspect > 0 ? imageAspect / frameAspect : 1;
  // object-fit cover: the image's overflow is on the axis where it is relatively longer.
  const x = axisCrop(Math.max(1, ratio), fx, zoom);
  const y = axisCrop(Math.max(1, 1 / ratio), fy, zoom);
  const moved = zoom !== 1 || x.translate !== 0 || y.translate !== 0;
  return {
    objectPosition: `${pct(x.position)} ${pct(y.position)}`,
    transform: moved ? `translate(${pct(x.translate)}, ${pct(y.translate)}) scale(${zoom})` : undefined,
    transformOrigin: '0 0',
  };
}

const framingCache = new Map<string, Promise<Framing>>();

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
    import('../../api/imageOptions')
      .then((api) => api.listImageOptions(chunk))
      .then(
        (options) => {
          const found = new Map(
            options.map((o) => [o.blobKey, { position: o.position, scale: o.scale > 0 ? o.scale : 1 }]),
          );
          for (const key of chunk) batch.get(key)!(found.get(key) ?? DEFAULT_FRAMING);
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
  /** The first or hero image of a page loads at once; the rest lazily. */
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
    ...focalCrop(f, width / height, natural?.src === src ? natural.aspect : null),
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
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
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
