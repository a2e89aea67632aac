// The gallery viewer on a touch screen: a swipe pages, two fingers pinch to zoom (no page under it), one finger
// then moves the zoomed picture, and closing gives focus to the thumbnail of the picture last shown.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Gallery from '#web/components/gallery';
import { clearFramingCache } from '#web/components/picture';
import { renderScreen } from './screens-render';
import { fakeApi, ok } from './fake-api';

const images = ['harbour', 'market', 'bridge'].map((name, ordinal) => ({
  id: `0b7a1c2e-1111-4c3d-8e9f-00000000000${ordinal + 1}`,
  ordinal,
  title: name,
  href: `/api/files/g/${name}.jpg`,
}));

/** A pointer event as a touch screen sends it (jsdom has no PointerEvent: a MouseEvent with a pointerId). */
function pointer(target: Element, type: string, pointerId: number, clientX: number, clientY = 300) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX, clientY });
  Object.defineProperty(event, 'pointerId', { value: pointerId });
  act(() => {
    target.dispatchEvent(event);
  });
}
const swipe = (target: Element, from: number, to: number) => {
  pointer(target, 'pointerdown', 1, from);
  pointer(target, 'pointermove', 1, (from + to) / 2);
  pointer(target, 'pointermove', 1, to);
  pointer(target, 'pointerup', 1, to);
};

const label = () => document.getElementById(screen.getByRole('dialog').getAttribute('aria-labelledby')!)?.textContent;
const figure = () => screen.getByRole('dialog').querySelector('figure')!;
const picture = () => within(screen.getByRole('dialog')).getByRole('img');

describe('gallery viewer gestures', () => {
  beforeEach(() => {
    clearFramingCache();
    fakeApi((call) => (call.path.startsWith('/imageOptions?') ? ok([]) : undefined));
  });
  afterEach(() => vi.unstubAllGlobals());

  async function open(n: number) {
    renderScreen({ path: '/g', routes: [{ path: '/g', element: <Gallery images={images} articleTitle="Walk" /> }] });
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^Open image ${n} of 3`) }));
  }

  it('swipes left to the next picture and right to the previous; a short or upward drag does nothing', async () => {
    await open(1);
    swipe(figure(), 300, 100);
    expect(label()).toBe('Image 2 of 3: market');
    swipe(figure(), 100, 300);
    expect(label()).toBe('Image 1 of 3: harbour');
    swipe(figure(), 200, 170);
    expect(label()).toBe('Image 1 of 3: harbour');
    pointer(figure(), 'pointerdown', 1, 200, 500);
    pointer(figure(), 'pointerup', 1, 140, 100);
    expect(label()).toBe('Image 1 of 3: harbour');
  });

  it('pinches to zoom (up to 4×), moves the zoomed picture with one finger, and does not page while zoomed', async () => {
    await open(2);
    pointer(figure(), 'pointerdown', 1, 150);
    pointer(figure(), 'pointerdown', 2, 250);
    pointer(figure(), 'pointermove', 2, 350); // 100 px apart -> 200 px: twice as large
    expect(picture().style.transform).toBe('translate(0px, 0px) scale(2)');
    pointer(figure(), 'pointermove', 2, 1250);
    expect(picture().style.transform).toBe('translate(0px, 0px) scale(4)');
    pointer(figure(), 'pointerup', 2, 1250);
    pointer(figure(), 'pointermove', 1, 90);
    expect(picture().style.transform).toBe('translate(-60px, 0px) scale(4)');
    pointer(figure(), 'pointerup', 1, 90);
    swipe(figure(), 300, 100);
    expect(label()).toBe('Image 2 of 3: market');
    // A double tap goes back to the whole picture; the next picture starts whole too.
    act(() => {
      fireEvent.doubleClick(figure());
    });
    expect(picture().style.transform).toBe('');
    swipe(figure(), 300, 100);
    expect(label()).toBe('Image 3 of 3: bridge');
  });

  it('closing gives focus to the thumbnail of the picture last shown', async () => {
    await open(1);
    swipe(figure(), 300, 100);
    swipe(figure(), 300, 100);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Open image 3 of 3/ }));
  });
});
