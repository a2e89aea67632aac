// A slow phone in Chromium, for the LCP e2e spec and `npm run bench`: 4x CPU throttling and a slow-3G
// network through CDP, and the page's largest contentful paint as the browser reports it.
import { devices, type BrowserContextOptions, type Page } from 'playwright-core';

/** Chrome DevTools' old "Slow 3G": 400 ms round trip, 400 kbit/s each way (CDP wants bytes per second). */
export const SLOW_3G = { latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
export const CPU_SLOWDOWN = 4;
/** The screen, touch and user agent of a mid-range Android phone (playwright's descriptor). */
export const PHONE: BrowserContextOptions = devices['Pixel 5'];

export async function emulateSlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_3G });
}

export interface LargestPaint {
  /** Milliseconds from navigation start. */
  startTime: number;
  /** Rendered area in CSS pixels. */
  size: number;
  /** `img`, `h1.title`, ...: the element, when it is still in the document. */
  element: string | null;
  /** The element's loading attribute (`lazy`, `eager` or null). */
  loading: string | null;
  /** The image's URL; empty for text. */
  url: string;
}

/** The last largest-contentful-paint entry of the page so far (buffered), or null when there is none. */
export async function largestContentfulPaint(page: Page): Promise<LargestPaint | null> {
  return page.evaluate(
    () =>
      new Promise<LargestPaint | null>((resolve) => {
        // With buffered: true the observer is called soon with what was recorded; no call means no entry.
        const none = setTimeout(() => resolve(null), 2000);
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntries().at(-1) as
            (PerformanceEntry & { size: number; url: string; element: Element | null }) | undefined;
          if (!entry) return;
          clearTimeout(none);
          observer.disconnect();
          const el = entry.element;
          resolve({
            startTime: Math.round(entry.startTime),
            size: entry.size,
            element: el
              ? el.tagName.toLowerCase() +
                (el.className && typeof el.className === 'string'
                  ? `.${el.className.trim().split(/\s+/).join('.')}`
                  : '')
              : null,
            loading: el?.getAttribute('loading') ?? null,
            url: entry.url,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/**
 * Resolves once no request has been in flight for `quietMs`. Playwright's 'networkidle' (500 ms) fires too
 * early here: with the CPU slowed down, the SPA parses its script for longer than that before it asks the API.
 */
async function networkQuiet(page: Page, quietMs: number, timeoutMs: number): Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline)
        throw new Error(`the network did not go quiet for ${quietMs} ms within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Opens `path` on the slow phone, waits until the network has been quiet for 3 s, and reads the largest contentful paint. */
export async function measureLcp(page: Page, path: string): Promise<LargestPaint | null> {
  await emulateSlowPhone(page);
  const quiet = networkQuiet(page, 3000, 120_000);
  await page.goto(path, { waitUntil: 'load', timeout: 120_000 });
  await quiet;
  return largestContentfulPaint(page);
}

/** `6724 ms, img loading=eager /api/files/...` for logs. */
export function describePaint(paint: LargestPaint | null): string {
  if (!paint) return 'no largest-contentful-paint entry';
  const where = paint.url ? ` ${new URL(paint.url).pathname}` : '';
  return `${paint.startTime} ms, ${paint.element ?? 'element gone'}${paint.loading ? ` loading=${paint.loading}` : ''}${where}`;
}
