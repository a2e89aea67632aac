// Where an import specifier of the repository's own code points: a relative path, or one of package.json's `imports`
// aliases (#schema, #web/*, #worker/*). Bare package names are not the repository's own: null.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const aliases = Object.entries(
  (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports,
);

/** The absolute path (without the extension probing a bundler adds) that `specifier`, imported from `fromFile`, names. */
export function specifierPath(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  if (!specifier.startsWith('#')) return null;
  for (const [alias, target] of aliases) {
    if (alias.endsWith('/*') && specifier.startsWith(alias.slice(0, -1)))
      return path.join(root, target.slice(0, -1) + specifier.slice(alias.length - 1));
    if (alias === specifier) return path.join(root, target);
  }
  throw new Error(`${path.relative(root, fromFile)}: ${specifier} is no alias of package.json's imports`);
}
