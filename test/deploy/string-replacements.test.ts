// A string replacement interprets `$&`, `` $` ``, `$'`, `$1` and `$<name>` in its replacement string: text that
// carries them (a title, a search) would copy parts of the template around it (issue 27 §1). Every `replace` and
// `replaceAll` in the worker, the pages' renderer, the SPA and the schemas therefore takes a function, or a literal
// without `$`. Read with the TypeScript compiler, so a call across lines or in a template is seen as it is.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['worker', 'web', 'schema'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const literalWithoutDollar = (node: ts.Expression) =>
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !node.text.includes('$');
const isFunction = (node: ts.Expression) => ts.isArrowFunction(node) || ts.isFunctionExpression(node);

/** `file:line: call` of each replacement whose second argument is neither a function nor a literal without `$`. */
function unsafeReplacements(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['replace', 'replaceAll'].includes(node.expression.name.text) &&
      node.arguments.length === 2
    ) {
      const replacement = node.arguments[1]!;
      if (!literalWithoutDollar(replacement) && !isFunction(replacement)) {
        const name = node.expression.name;
        const line = source.getLineAndCharacterOfPosition(name.getStart()).line + 1;
        const call = text.slice(name.getStart(), node.getEnd()).split('\n')[0];
        found.push(`${path.relative(root, fileName)}:${line}: ${call}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('string replacements', () => {
  it('every replace in worker/, web/ and schema/ takes a function or a literal without $', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => unsafeReplacements(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check refuses data and $ patterns in a replacement string, and lets functions and plain literals pass', () => {
    const sample = [
      "page.replace('</head>', `${head}</head>`);",
      'page.replace(/x/g, body);',
      "name.replace(/a/, '\\\\$&');",
      'name.replaceAll("a", `$1`);',
      "ok.replace('</head>', () => `${head}</head>`);",
      'ok.replace(/a/g, function (m) { return m; });',
      "ok.replaceAll('+', '-').replace(/=+$/, '');",
      'lexical.replace(node);',
    ].join('\n');
    expect(unsafeReplacements(path.join(root, 'sample.ts'), sample).map((f) => f.split(':')[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
  });
});
