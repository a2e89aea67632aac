// The worker's layers (decision 049): worker/lib/ imports nothing of the worker but lib/ (schema/ is fine), and no
// two worker folders, nor two worker files, import each other in a circle. Imports are read with the TypeScript
// compiler, type-only ones included: a circle of types is still a circle a reader has to untangle.
// The web side (nothing under web/ imports worker/ at run time) is test/deploy/web-imports.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { specifierPath } from './specifier';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The repository paths a file imports or re-exports (static, dynamic and `import type`), relative ones only. */
export function importsOf(file: string, text: string, exists: (file: string) => boolean): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) specifiers.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.flatMap((specifier) => {
    const target = specifierPath(file, specifier);
    if (target === null) return [];
    const base = target.replace(/\.js$/, '');
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
    return [path.relative(root, candidates.find((c) => /\.tsx?$/.test(c) && exists(c)) ?? target)];
  });
}

/** The graph of worker/ files: each file (repository path) to the repository paths it imports. */
function workerGraph(): Map<string, string[]> {
  const files = sourceFiles(path.join(root, 'worker'));
  const graph = new Map<string, string[]>();
  for (const file of files)
    graph.set(path.relative(root, file), importsOf(file, readFileSync(file, 'utf8'), existsSync));
  return graph;
}

/** A file's layer: its folder under worker/ (`worker/lib`), or the file itself for one at worker/'s top. */
export function layerOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file.replace(/\.tsx?$/, '');
}

/** The circles of a graph (its strongly connected components of more than one node, or a node importing itself). */
export function circles(graph: Map<string, Set<string>>): string[][] {
  // Tarjan's algorithm, iterative enough for a graph of a few hundred nodes.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The imports that make a circle, as `from -> to: file -> file` with the first file import of each pair, so a failure
 * says what to cut.
 */
function edgesWithin(component: string[], graph: Map<string, string[]>, by: (file: string) => string): string[] {
  const members = new Set(component);
  const edges = new Map<string, string>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const from = by(file);
      const to = by(target);
      const key = `${from} -> ${to}`;
      if (from !== to && members.has(from) && members.has(to) && !edges.has(key))
        edges.set(key, from === file ? key : `${key}: ${file} -> ${target}`);
    }
  }
  return [...edges.values()].sort();
}

function collapse(graph: Map<string, string[]>, by: (file: string) => string): Map<string, Set<string>> {
  const collapsed = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = by(file);
    const edges = collapsed.get(from) ?? new Set<string>();
    collapsed.set(from, edges);
    for (const target of targets) {
      const to = by(target);
      if (to.startsWith('worker') && to !== from) edges.add(to);
    }
  }
  return collapsed;
}

describe('the worker layers', () => {
  const graph = workerGraph();

  it('reads the whole worker', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('worker/lib/visibility.ts')).toContain('schema/tables.ts');
  });

  it('worker/lib/ imports nothing of the repository but worker/lib/ and schema/', () => {
    const leaving = [...graph]
      .filter(([file]) => file.startsWith('worker/lib/'))
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => !target.startsWith('worker/lib/') && !target.startsWith('schema/'))
          .map((target) => `${file} -> ${target}`),
      );
    expect(leaving).toEqual([]);
  });

  it('no two worker folders import each other in a circle', () => {
    const found = circles(collapse(graph, layerOf)).map((component) => edgesWithin(component, graph, layerOf));
    expect(found).toEqual([]);
  });

  it('no two worker files import each other in a circle', () => {
    const byFile = (file: string) => file;
    const found = circles(collapse(graph, byFile)).map((component) => edgesWithin(component, graph, byFile));
    expect(found).toEqual([]);
  });

  it('the check finds a circle, and a file importing a folder above it', () => {
    const sample = new Map<string, Set<string>>([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(circles(sample)).toEqual([['a', 'b', 'c']]);
    expect(layerOf('worker/lib/visibility.ts')).toBe('worker/lib');
    expect(layerOf('worker/env.ts')).toBe('worker/env');
    const text = "import type { Db } from '../env';\nexport * from './b';\nconst m = await import('../services/x');";
    const exists = (file: string) => file.endsWith('env.ts') || file.endsWith('b.ts') || file.endsWith('x.ts');
    expect(importsOf(path.join(root, 'worker/lib/a.ts'), text, exists)).toEqual([
      'worker/env.ts',
      'worker/lib/b.ts',
      'worker/services/x.ts',
    ]);
  });
});
