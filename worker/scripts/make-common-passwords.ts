// Writes worker/lib/common-passwords.ts from the common-password list of @zxcvbn-ts/language-common (MIT; 49,233
// passwords from leaked sets, most used first). Only those of at least LIMITS.password.min characters are kept: every
// shorter one is refused by the length rule already, so the worker ships 1,557 of them instead of all (about 10 KB
// gzip rather than 150 KB). Run after updating the package: `tsx worker/scripts/make-common-passwords.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LIMITS } from '#schema/requests';

const require = createRequire(import.meta.url);
const pkg = path.dirname(require.resolve('@zxcvbn-ts/language-common/package.json'));
const { version } = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
const all = JSON.parse(readFileSync(path.join(pkg, 'src/passwords.json'), 'utf8')) as string[];
const kept = all.map((p) => p.toLowerCase()).filter((p) => p.length >= LIMITS.password.min);
// Written in single quotes, as Prettier would; none of the passwords has a quote or a backslash.
if (kept.some((p) => /['\\\n]/.test(p))) throw new Error('a password with a quote, backslash or newline');

const out = path.join(import.meta.dirname, '../lib/common-passwords.ts');
writeFileSync(
  out,
  [
    `// Written by worker/scripts/make-common-passwords.ts from @zxcvbn-ts/language-common ${version} (MIT, Copyright (c)`,
    `// 2012-2016 Dan Wheeler and Dropbox, Inc., (c) 2021 @zxcvbn-ts): the ${kept.length} of its ${all.length} most common`,
    `// passwords that are at least ${LIMITS.password.min} characters long, lower-cased, one per line. Do not edit.`,
    'export const COMMON_PASSWORDS_TEXT =',
    `  '${kept.join('\\n')}';`,
    '',
  ].join('\n'),
);
console.log(`wrote ${path.relative(process.cwd(), out)}: ${kept.length} of ${all.length} passwords`);
