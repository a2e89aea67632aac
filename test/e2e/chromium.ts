// Finding and launching Chromium for the browser tests and the bench's LCP step (no vitest in here).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import chromiumPackage from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';
import { ROOT, toolEnv } from '#worker/scripts/dev-server';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * The Chromium to launch: $CHROMIUM_PATH when test.sh has already asked ensure-chromium.sh, else its answer
 * now. Empty means the one inside @sparticuz/chromium.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH !== undefined) return process.env.CHROMIUM_PATH;
  const result = spawnSync('bash', [path.join(ROOT, 'test/scripts/ensure-chromium.sh')], {
    cwd: ROOT,
    env: toolEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  return result.status === 0 ? (result.stdout.trim().split('\n').pop() ?? '') : '';
}

/** A fresh headless Chromium with its own temporary profile (playwright makes one per launch). */
export async function launchChromium(executable: string): Promise<Browser> {
  const executablePath = executable || (await chromiumPackage.executablePath());
  return chromium.launch({ executablePath, args: FLAGS, headless: true, timeout: 30_000 });
}
