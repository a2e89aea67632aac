// The bench's LCP step: / and an article page on a slow phone (4x CPU, slow 3G; test/e2e/slow-phone.ts), each
// in a fresh context, so every load starts with a cold cache. The same throttling on a desktop-sized window
// too, since which pictures the SPA loads eagerly depends on the layout.
import type { BrowserContextOptions } from 'playwright-core';
import { chromiumPath, launchChromium } from '../test/e2e/chromium';
import { describePaint, measureLcp, PHONE } from '../test/e2e/slow-phone';

const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'phone (Pixel 5)', options: PHONE },
  { name: 'desktop 1280x800', options: { viewport: { width: 1280, height: 800 } } },
];

export async function printLcp(baseUrl: string, paths: string[]): Promise<void> {
  const browser = await launchChromium(chromiumPath());
  try {
    for (const screen of SCREENS) {
      for (const path of paths) {
        const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', ...screen.options });
        try {
          const paint = await measureLcp(await context.newPage(), path);
          console.log(
            `  ${screen.name.padEnd(18)} ${path.replace(/[0-9a-f-]{36}/, '{id}').padEnd(14)} LCP ${describePaint(paint)}`,
          );
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}
