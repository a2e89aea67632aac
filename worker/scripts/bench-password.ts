// `npx tsx worker/scripts/bench-password.ts [runs]`: milliseconds per password hash at today's parameters,
// for docs/decisions/002-password-hashing.md. Node's WebCrypto PBKDF2, like workerd's, is native code.
import { timingSafeEqual } from 'node:crypto';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../lib/password';

// verifyPassword compares with Workers' crypto.subtle.timingSafeEqual, which Node's WebCrypto lacks: lend it Node's own.
Object.assign(crypto.subtle, { timingSafeEqual: (a: Uint8Array, b: Uint8Array) => timingSafeEqual(a, b) });

async function timeEach(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 20);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('runs must be a positive integer');
  const password = 'correct-horse-battery-staple';
  const stored = await hashPassword(password); // also warms up
  const hash = await timeEach(runs, () => hashPassword(password));
  const verify = await timeEach(runs, () => verifyPassword(password, stored));
  const fmt = (xs: number[]) =>
    `median ${median(xs).toFixed(1)} ms, min ${Math.min(...xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
  console.log(
    `PBKDF2-SHA256, ${PBKDF2_ITERATIONS.toLocaleString('en-US')} iterations, ${runs} runs (node ${process.version}, ${process.arch})`,
  );
  console.log(`hash:   ${fmt(hash)}`);
  console.log(`verify: ${fmt(verify)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
