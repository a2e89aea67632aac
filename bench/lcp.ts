// The bench's LCP step: / and an article page on a slow phone (4x CPU, slow 3G; test/e2e/slow-phone.ts), each
// in a fresh context, so every load starts with a cold cache. The same throttling on a desktop-sized window
// too, since which pictures the SPA loads eagerly depends on the layout.
import type { BrowserContextOptions } from 'playwright-core';
import { chromiumPath, launchChromium } from '../test/e2e/chromium';
import { describePaint, measureLcp, PHONE, type LargestPaint } from '../test/e2e/slow-phone';

const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'phone (Pixel 5)', options: PHONE },
  { name: 'desktop 1280x800', options: { viewport: { width: 1280, height: 800 } } },
];

/** A server to measure: its name in the output and its address. */
export interface LcpTarget {
  label: string;
  url: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * Each path on each screen, `runs` loads per target, the targets taking turns load by load (so a busy moment of the
 * shared machine falls on both sides); prints each target's median per path, and the element of the last load.
 */
export async function printLcp(targets: LcpTarget[], paths: string[], runs = 1): Promise<void> {
  const browser = await launchChromium(chromiumPath());
  const width = Math.max(...targets.map((t) => t.label.length));
  try {
    for (const screen of SCREENS) {
      for (const path of paths) {
        const paints = new Map<LcpTarget, (LargestPaint | null)[]>(targets.map((t) => [t, []]));
        for (let run = 0; run < runs; run++) {
          for (const target of targets) {
            const context = await browser.newContext({ baseURL: target.url, locale: 'en-US', ...screen.options });
            try {
              paints.get(target)!.push(await measureLcp(await context.newPage(), path));
            } finally {
              await context.close();
            }
          }
        }
        for (const target of targets) {
          const all = paints.get(target)!;
          const times = all.flatMap((p) => (p ? [p.startTime] : []));
          const shown = times.length === 0 ? 'no LCP entry' : `LCP ${median(times)} ms`;
          const each = runs > 1 ? ` [${times.join(', ')}]` : '';
          const label = targets.length > 1 ? ` ${target.label.padEnd(width)}` : '';
          console.log(
            `  ${screen.name.padEnd(18)} ${path.replace(/[0-9a-f-]{36}/, '{id}').padEnd(17)}${label} ${shown}${each}, ` +
              `last: ${describePaint(all.at(-1) ?? null)}`,
          );
        }
      }
    }
  } finally {
    await browser.close();
  }
}
