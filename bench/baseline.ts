// A baseline commit beside the working tree, for the benches that measure both side by side in one run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '#worker/scripts/dev-server';

/** The files of commit `ref` (git archive: committed content only) in `dir`, with this checkout's node_modules. */
export function checkoutCommit(ref: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('git', ['-C', ROOT, 'archive', '--format=tar', ref], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${ref} failed: ${archive.stderr.toString()}`);
  const unpack = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (unpack.status !== 0) throw new Error(`unpacking ${ref} failed: ${unpack.stderr.toString()}`);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}
