// focalCrop: the crop keeps the focal point as close to the frame's centre as the image allows, at every card
// size, and never shows a gap. Checked by computing where the crop puts the focal point and the image's edges.
import { describe, expect, it } from 'vitest';
import { focalCrop } from '#web/components/picture/focal-crop';

/** Where the style puts things, in frame units along x and y (the frame is 1 × 1 in its own units). */
function placed(
  style: ReturnType<typeof focalCrop>,
  frameAspect: number,
  imageAspect: number,
  focus: [number, number],
) {
  const ratio = imageAspect / frameAspect;
  const cover = [Math.max(1, ratio), Math.max(1, 1 / ratio)] as const;
  const position = style.objectPosition.split(' ').map((v) => parseFloat(v) / 100);
  const t = /translate\((-?[\d.]+)%, (-?[\d.]+)%\) scale\(([\d.]+)\)/.exec(style.transform ?? '');
  const [tx, ty, zoom] = t ? [Number(t[1]) / 100, Number(t[2]) / 100, Number(t[3])] : [0, 0, 1];
  return [0, 1].map((axis) => {
    // object-fit cover with object-position p: left edge p * (1 - cover); then scale(zoom) from 0 0 and translate.
    const left0 = position[axis]! * (1 - cover[axis]!);
    const left = (axis === 0 ? tx : ty) + zoom * left0;
    const length = cover[axis]! * zoom;
    return { left, right: left + length, focus: left + focus[axis]! * length };
  });
}

/** The best any crop can do along one axis: the focus at the centre unless an edge would come inside. */
const best = (length: number, focus: number) =>
  Math.min(0, Math.max(1 - length, 0.5 - focus * length)) + focus * length;

describe('focalCrop', () => {
  it('x = 80 %, zoom 1.5 on a square card: the subject comes as near the centre as the right edge allows', () => {
    const style = focalCrop({ position: '80% 50%', scale: 1.5 }, 1, 1);
    expect(style).toEqual({
      objectPosition: '50% 50%',
      transform: 'translate(-50%, -25%) scale(1.5)',
      transformOrigin: '0 0',
    });
    const [x, y] = placed(style, 1, 1, [0.8, 0.5]);
    expect(x!.focus).toBeCloseTo(0.7); // scaled about its own place (the old crop) it stayed at 0.8
    expect(x!.right).toBeCloseTo(1);
    expect(y!.focus).toBeCloseTo(0.5);
  });

  it('a wide image in a portrait card, unzoomed: object-position moves the overflow to centre the focus', () => {
    const style = focalCrop({ position: '70% 50%', scale: 1 }, 3 / 4, 16 / 9);
    const [x] = placed(style, 3 / 4, 16 / 9, [0.7, 0.5]);
    expect(x!.focus).toBeCloseTo(0.5);
    expect(x!.left).toBeLessThanOrEqual(0);
    expect(x!.right).toBeGreaterThanOrEqual(1);
    expect(style.transform).toBeUndefined();
  });

  const cards = [16 / 9, 4 / 3, 1, 3 / 4, 2.4];
  const images = [16 / 9, 1, 2 / 3, 3];
  const focuses: [number, number][] = [
    [0.8, 0.5],
    [0.05, 0.95],
    [0.5, 0.5],
    [1, 0],
    [0.33, 0.71],
  ];
  it.each(cards.flatMap((card) => images.map((image) => [card, image] as const)))(
    'card %d, image %d: every focus and zoom is as centred as possible, with no gap',
    (card, image) => {
      for (const focus of focuses) {
        for (const scale of [1, 1.2, 1.5, 2.5]) {
          const style = focalCrop({ position: `${focus[0] * 100}% ${focus[1] * 100}%`, scale }, card, image);
          const ratio = image / card;
          const lengths = [Math.max(1, ratio) * scale, Math.max(1, 1 / ratio) * scale];
          placed(style, card, image, focus).forEach((axis, i) => {
            expect(axis.left).toBeLessThanOrEqual(1e-3);
            expect(axis.right).toBeGreaterThanOrEqual(1 - 1e-3);
            expect(axis.focus).toBeCloseTo(best(lengths[i]!, focus[i]!), 3);
          });
        }
      }
    },
  );

  it('reads an unknown image as the frame’s proportions, and a scale below 1 as 1 (no gap)', () => {
    expect(focalCrop({ position: '50% 50%', scale: 1 }, 16 / 9, null)).toEqual({
      objectPosition: '50% 50%',
      transform: undefined,
      transformOrigin: '0 0',
    });
    const small = focalCrop({ position: '10% 10%', scale: 0.5 }, 1, 1);
    expect(small.transform).toBeUndefined();
  });
});
