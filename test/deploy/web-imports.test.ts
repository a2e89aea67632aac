// The SPA imports the worker's types, never its code (issue 28): a run-time import from web/ into worker/ would put
// worker code in the browser's bundle, and turn the house upside down again (the worker renders the SPA, not the
// other way round). Read with the TypeScript compiler: `import type`, `import { type X }` and `typeof import()` are
// fine; a value import, a re-export or a dynamic import() of a worker module is not.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { specifierPath } from './specifier';

const root = path.resolve(import.meta.dirname, '../..');
const WEB = path.join(root, 'web');
const WORKER = path.join(root, 'worker');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Whether an import clause brings in values (not only types). */
function importsValues(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return true; // `import './x'`: runs the module
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.some((e) => !e.isTypeOnly);
}

/** `file:line: specifier` of each run-time import of a worker/ module in one file. */
function workerImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const intoWorker = (spec: string) => specifierPath(fileName, spec)?.startsWith(WORKER + path.sep) ?? false;
  const report = (node: ts.Node, spec: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${path.relative(root, fileName)}:${line}: ${spec}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (intoWorker(node.moduleSpecifier.text) && importsValues(node.importClause))
        report(node, node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (intoWorker(node.moduleSpecifier.text) && !typeOnly) report(node, node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      intoWorker(node.arguments[0].text)
    ) {
      report(node, node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('web/ imports worker/ for its types only', () => {
  it('no file under web/ imports a worker module at run time', () => {
    const found = sourceFiles(WEB).flatMap((file) => workerImports(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  }, 60_000);

  it('sees value imports, re-exports and dynamic imports, and lets type imports pass', () => {
    const file = path.join(WEB, 'probe.ts');
    const code = [
      "import type { AppType } from '../worker/app';",
      "import { type Env } from '../worker/env';",
      "type T = typeof import('../worker/app');",
      "import { sniff } from '../worker/lib/sniff';",
      "import '../worker/setup';",
      "export { app } from '../worker/app';",
      "export type { Db } from '../worker/env';",
      "const lazy = () => import('../worker/app');",
      "import { keys } from './data/keys';",
    ].join('\n');
    expect(workerImports(file, code)).toEqual([
      'web/probe.ts:4: ../worker/lib/sniff',
      'web/probe.ts:5: ../worker/setup',
      'web/probe.ts:6: ../worker/app',
      'web/probe.ts:8: ../worker/app',
    ]);
  });
});
