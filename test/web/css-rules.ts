// Reads the SPA's stylesheets as text, for tests that a class a component renders is styled where it shows (happy-dom
// applies no CSS; vitest loads imported stylesheets as empty).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The declarations of every rule in `file` (relative to the repository) whose selector list names `.className`. */
export function declarationsOf(file: string, className: string): string[] {
  const css = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const found: string[] = [];
  const escaped = className.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = new RegExp(`(^|[\\s,>+~])\\.${escaped}(?![\\w-])`);
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = match[1]!.split(',').map((s) => s.trim());
    // Only a rule for the element itself (the class in the last compound), without a state like :hover.
    if (selectors.some((s) => names.test(` ${s}`) && !/:[\w-]+$/.test(s) && lastCompound(s).includes(`.${className}`)))
      found.push(match[2]!.trim());
  }
  return found;
}

const lastCompound = (selector: string) => selector.split(/[\s>+~]+/).at(-1) ?? '';

/** The declarations of `.className` in every stylesheet under web/. */
export function declarationsAnywhere(className: string): string[] {
  return stylesheets().flatMap((file) => declarationsOf(file, className));
}

function stylesheets(dir = 'web'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'public' ? [] : stylesheets(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}
