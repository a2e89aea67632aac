// One confirmation in the SPA (docs/decisions/038-one-confirm-dialog.md): every question before an action is the
// screen kit's dialog (web/components/screen-kit/confirm-dialog.tsx), whose focus rule its own test checks
// (screen-kit.test.tsx). This test reads web/ and fails when a second mechanism appears: the browser's
// confirm/prompt/alert, another alert dialog or native <dialog>, or an inline "are you sure" panel.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'web');
const KIT = 'web/components/screen-kit/confirm-dialog.tsx';
/** Modal views that only show something (asking nothing): a comparison or preview, and the gallery viewer. */
const VIEWERS = ['web/components/workspace/modal.tsx', 'web/components/gallery/viewer.tsx'];

const files = (function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const full = path.join(dir, f);
    return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(f) ? [full] : [];
  });
})(web).map((full) => ({ file: path.relative(root, full), text: readFileSync(full, 'utf8') }));

/** The code without comments, so a comment may name what it must not do. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

const offending = (test: (text: string, file: string) => boolean) =>
  files.filter(({ file, text }) => test(code(text), file)).map(({ file }) => file);

describe('one confirmation mechanism in web/', () => {
  it('reads the SPA’s sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some(({ file }) => file === KIT)).toBe(true);
  });

  it('never asks with the browser’s confirm, prompt or alert', () => {
    expect(offending((text) => /\b(window|globalThis|self)\s*\.\s*(confirm|prompt|alert)\b/.test(text))).toEqual([]);
    // A bare confirm() is the kit's only where the file has its own `confirm` (from useConfirm, or handed in).
    expect(
      offending(
        (text) =>
          /(^|[^\w.])(confirm|prompt|alert)\s*\(/m.test(text) &&
          !/\[\s*confirm\b|\bconfirm\s*[:,}]|\bconfirm\s*=\s*(use|\()|function \w+\([^)]*\bconfirm\b/.test(text),
      ),
    ).toEqual([]);
  });

  it('has one alert dialog, the kit’s, and no native <dialog>', () => {
    expect(offending((text, file) => /alertdialog/.test(text) && file !== KIT)).toEqual([]);
    expect(offending((text) => /<dialog\b|\.showModal\s*\(|\bHTMLDialogElement\b/.test(text))).toEqual([]);
    expect(offending((text, file) => /aria-modal/.test(text) && file !== KIT && !VIEWERS.includes(file))).toEqual([]);
  });

  it('has no inline confirmation panels of its own', () => {
    expect(
      offending((text) => /\b(setConfirming|confirming|areYouSure|confirm-panel|ConfirmPanel)\b/.test(text)),
    ).toEqual([]);
    // Every useConfirm comes from the kit.
    expect(
      offending((text, file) => /\bfunction useConfirm\b|\bconst useConfirm\b/.test(text) && file !== KIT),
    ).toEqual([]);
  });

  it('the viewers ask nothing: no action button beside Close', () => {
    for (const file of VIEWERS) {
      const text = code(readFileSync(path.join(root, file), 'utf8'));
      expect(text, file).not.toMatch(/button-danger|confirmLabel|onConfirm/);
    }
  });
});
