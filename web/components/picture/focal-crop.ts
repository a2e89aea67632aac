// The crop of a picture around its focal point: object-position for object-fit cover, then the zoom as a translate
// and a scale from the top left corner. Its own module, loaded only once a picture has a framing other than the
// default (most have none), so the first visit does not carry it (test/web/budget.test.ts).
import type { Framing } from './index';

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
