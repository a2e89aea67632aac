// Pictures: sized boxes, lazy below the fold, cropped around the image option's focal point and scale.
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Picture, { blobKeyOf, clearFramingCache, srcSetOf } from '#web/components/picture';
import { renderScreen } from './screens-render';
import { fakeApi, ok, type ApiCall } from './fake-api';

let calls: ApiCall[];
const lookups = () => calls.filter((c) => c.path.startsWith('/imageOptions'));
/** The keys one look-up asked for. */
const keysOf = (call: ApiCall) => new URLSearchParams(call.path.split('?')[1]).get('keys')!.split(',');

describe('Picture', () => {
  beforeEach(() => {
    clearFramingCache();
    ({ calls } = fakeApi((call) =>
      call.path.startsWith('/imageOptions?')
        ? ok(
            keysOf(call)
              .filter((key) => key === 'image/focus.jpg')
              .map((blobKey) => ({ blobKey, position: '20% 80%', scale: 1.5 })),
          )
        : undefined,
    ));
  });
  // Not after each test: a session check a test did not wait for may still reach fetch after it ended.
  afterAll(() => vi.unstubAllGlobals());

  it('takes the blob key from a file href', () => {
    expect(blobKeyOf('/api/files/image/abc.jpg')).toBe('image/abc.jpg');
    expect(blobKeyOf('http://localhost/api/files/image/abc.jpg?v=2')).toBe('image/abc.jpg');
    expect(blobKeyOf('/elsewhere/abc.jpg')).toBeNull();
  });

  it('offers the 480, 960 and 1920 px copies of a stored picture through srcset, sized to its box', () => {
    expect(srcSetOf('/api/files/image/abc.jpg')).toBe(
      '/api/files/image/abc.jpg?w=480 480w, /api/files/image/abc.jpg?w=960 960w, /api/files/image/abc.jpg?w=1920 1920w',
    );
    expect(srcSetOf('/api/files/image/moving.gif')).toBeUndefined();
    expect(srcSetOf('/api/files/video/clip.mp4')).toBeUndefined();
    expect(srcSetOf('/elsewhere/abc.jpg')).toBeUndefined();
    renderScreen({
      path: '/',
      routes: [{ path: '/', element: <Picture src="/api/files/image/abc.jpg" alt="Dunes" width={640} height={360} /> }],
    });
    const img = screen.getByRole('img', { name: 'Dunes' });
    expect(img.getAttribute('srcset')).toBe(srcSetOf('/api/files/image/abc.jpg'));
    expect(img.getAttribute('sizes')).toBe('(max-width: 640px) 100vw, 640px');
    expect(img.getAttribute('src')).toBe('/api/files/image/abc.jpg');
  });

  it('sets width, height, alt and lazy loading, and crops around the option (looked up once per key)', async () => {
    renderScreen({
      path: '/',
      routes: [
        {
          path: '/',
          element: (
            <>
              <Picture src="/api/files/image/focus.jpg" alt="Harbour" width={480} height={270} eager />
              <Picture src="/api/files/image/focus.jpg" alt="Harbour again" width={480} height={270} />
            </>
          ),
        },
      ],
    });
    const [first, second] = [screen.getByAltText('Harbour'), screen.getByAltText('Harbour again')];
    expect(first.getAttribute('width')).toBe('480');
    expect(first.getAttribute('height')).toBe('270');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(second.getAttribute('loading')).toBe('lazy');
    // Focus 20% 80%, scale 1.5 (the image's proportions unknown until it loads: taken as the frame's): the zoom
    // moves the focus up as far as the bottom edge allows (focalCrop, tested in picture-crop.test.ts).
    await waitFor(() => expect(first.style.transform).toBe('translate(0%, -50%) scale(1.5)'));
    expect(first.style.objectFit).toBe('cover');
    expect(first.style.objectPosition).toBe('50% 50%');
    await waitFor(() => expect(second.style.transform).toBe('translate(0%, -50%) scale(1.5)'));
    expect(lookups()).toHaveLength(1);
  });

  it("asks first and at once for the page's largest picture (priority), the first screen's others behind it", async () => {
    renderScreen({
      path: '/',
      routes: [
        {
          path: '/',
          element: (
            <>
              <Picture src="/api/files/image/hero.jpg" alt="Hero" width={480} height={270} priority />
              <Picture src="/api/files/image/next.jpg" alt="Next" width={480} height={270} eager />
              <Picture src="/api/files/image/later.jpg" alt="Later" width={480} height={270} />
            </>
          ),
        },
      ],
    });
    const [hero, next, later] = [
      screen.getByAltText('Hero'),
      screen.getByAltText('Next'),
      screen.getByAltText('Later'),
    ];
    expect(hero.getAttribute('loading')).toBe('eager');
    expect(hero.getAttribute('fetchpriority')).toBe('high');
    expect(hero.getAttribute('sizes')).toBe('(max-width: 480px) 100vw, 480px');
    expect(next.getAttribute('loading')).toBe('eager');
    // Over HTTP/1.1 the browser would start it with the priority picture, sharing the line (web/components/picture).
    expect(next.getAttribute('fetchpriority')).toBe('low');
    expect(later.getAttribute('loading')).toBe('lazy');
    expect(later.getAttribute('fetchpriority')).toBeNull();
    await waitFor(() => expect(lookups()).toHaveLength(1));
  });

  it('uses the centre and no scale when the file has no option', async () => {
    renderScreen({
      path: '/',
      routes: [
        { path: '/', element: <Picture src="/api/files/image/plain.png" alt="Plain" width={100} height={100} /> },
      ],
    });
    await waitFor(() => expect(lookups()).toHaveLength(1));
    const img = screen.getByAltText('Plain');
    expect(img.style.objectPosition).toBe('50% 50%');
    expect(img.style.transform).toBe('');
  });

  it('looks up the options of all pictures a render shows in one request', async () => {
    renderScreen({
      path: '/',
      routes: [
        {
          path: '/',
          element: (
            <>
              <Picture src="/api/files/image/focus.jpg" alt="One" width={100} height={100} />
              <Picture src="/api/files/image/b.png" alt="Two" width={100} height={100} />
              <Picture src="/api/files/image/c.webp" alt="Three" width={100} height={100} />
            </>
          ),
        },
      ],
    });
    await waitFor(() => expect(screen.getByAltText('One').style.transform).toBe('translate(0%, -50%) scale(1.5)'));
    expect(lookups()).toHaveLength(1);
    expect(keysOf(lookups()[0]!).sort()).toEqual(['image/b.png', 'image/c.webp', 'image/focus.jpg']);
    expect(screen.getByAltText('Three').style.objectPosition).toBe('50% 50%');
    expect(screen.getByAltText('Three').style.transform).toBe('');
  });

  it('keeps the box size and asks nothing when there is no picture', () => {
    const { container } = renderScreen({
      path: '/',
      routes: [{ path: '/', element: <Picture src={null} alt="" width={160} height={90} /> }],
    });
    const box = container.querySelector('.picture-empty') as HTMLElement;
    expect(box.style.aspectRatio).toBe('160 / 90');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(lookups()).toHaveLength(0);
  });
});
