// Comments and docs name the repository's files, and drift when a file moves (issue 28 §9). This test reads every
// comment in worker/, web/, schema/, test/ and bench/ (TypeScript, JavaScript and shell) and every Markdown file
// (README.md, docs/**) and fails on a path they name that does not exist.
//
// What "names a path" means here:
// - a token that starts with a top-level folder of the repository (`worker/`, `web/`, `schema/`, `test/`, `bench/`,
//   `docs/`, `migrations/`, `.ci/`) and looks like a path: its last part has an extension (`worker/app.ts`) or it
//   ends with a slash (`web/routes/`). It is read from the repository's root. `web/worker` in prose names no path;
// - a token that starts with `./` or `../` and looks like a path (same rule), read from the comment's own folder;
//   in Markdown from the repository's root, as the README and the docs speak from there;
// - in Markdown, the target of a link `[text](target)` that is not a URL or an anchor, read from the file's folder;
// - a `*.toml` or `*.jsonc` name without a folder, which can only be a root file (`wrangler.toml`).
// Skipped on purpose: a token with a placeholder (`<name>`, `{id}`, `:id`, `NNN`, `*`, `...`, `…`), paths the build
// makes (`web/dist/`), a relative path that leaves the repository (the spec beside it), and a path followed by
// "(removed", "(deleted", "(renamed" or "(moved": history may name a file that is gone, as long as it says so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE_FOLDERS = ['worker', 'web', 'schema', 'test', 'bench'];
const TOP_FOLDERS = ['worker', 'web', 'schema', 'test', 'bench', 'docs', 'migrations', '.ci'];
const NOT_WALKED = new Set(['node_modules', 'dist', '.wrangler', 'test-results']);
const GENERATED = ['web/dist/', 'web/dist'];
const SCRIPT = /\.(?:ts|tsx|js|mjs|cjs)$/;

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_WALKED.has(entry.name) ? [] : filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

/** Every comment of a script, as [line, text]: the leading trivia of each token, read by the TypeScript parser. */
function scriptComments(fileName: string, text: string): [number, string][] {
  const kind = /\.(?:tsx|jsx)$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const found: [number, string][] = [];
  const visit = (node: ts.Node) => {
    // A comment after a token on the same line is "trailing" to TypeScript, one after a line break "leading".
    const ranges = [
      ...(ts.getTrailingCommentRanges(text, node.pos) ?? []),
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
    ];
    for (const range of ranges) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      found.push([source.getLineAndCharacterOfPosition(range.pos).line + 1, text.slice(range.pos, range.end)]);
    }
    // getChildren includes the tokens, so the trivia before a closing brace or the end of the file is read too.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return found;
}

/** Every `#` comment of a shell script, as [line, text]. */
function shellComments(text: string): [number, string][] {
  return text.split('\n').flatMap((line, index): [number, string][] => {
    const at = line.search(/(?:^|\s)#(?!!)/);
    return at === -1 ? [] : [[index + 1, line.slice(at)]];
  });
}

const PLACEHOLDER = /[<>{}*]|\.\.\.|…|NNN|\/:|^:/;
const HISTORY = /^[`'"]?\s*\((?:removed|deleted|renamed|moved)\b/i;
const TOKEN = new RegExp(
  String.raw`(?<![\w./@-])((?:\.\.?/)+[\w.\-/<>{}*$@+…:]+|(?:${TOP_FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})/[\w.\-/<>{}*$@+…:]*|[\w.-]+\.(?:toml|jsonc)\b)`,
  'g',
);
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/** A token looks like a path when its last part has an extension or it ends with a slash. */
const looksLikePath = (token: string) => token.endsWith('/') || /\.[A-Za-z0-9]+$/.test(token.split('/').pop()!);

/** The paths a piece of text names, each as [the token, the path from the repository's root]. */
function namedPaths(text: string, fileDir: string, markdown: boolean): [string, string][] {
  const found: [string, string][] = [];
  for (const match of text.matchAll(TOKEN)) {
    const token = match[1]!.replace(/[.,;:]+$/, '');
    const after = text.slice(match.index + match[0].length);
    if (PLACEHOLDER.test(token) || HISTORY.test(after) || !looksLikePath(token)) continue;
    const fromRoot = /^\.\.?\//.test(token) && !markdown ? path.join(fileDir, token) : token;
    found.push([token, path.normalize(fromRoot)]);
  }
  if (markdown) {
    for (const match of text.matchAll(LINK)) {
      const target = decodeURI(match[1]!.split('#')[0]!);
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || PLACEHOLDER.test(target)) continue;
      found.push([target, path.normalize(path.join(fileDir, target))]);
    }
  }
  return found;
}

// A relative path that leaves the repository (the spec beside it) names no repository path: it counts as found.
const exists = (fromRoot: string) =>
  fromRoot.startsWith('..') ||
  GENERATED.some((prefix) => fromRoot === prefix || fromRoot.startsWith(prefix)) ||
  existsSync(path.join(root, fromRoot));

/** `file:line: token` of each path a file names that does not exist. */
function missingPaths(file: string, text: string): string[] {
  const relative = path.relative(root, file);
  const fileDir = path.dirname(relative);
  const markdown = file.endsWith('.md');
  // Parsing is slow and almost every path a file names exists: a script is parsed only when its whole text, code
  // included, names a path that does not exist, to see whether a comment names it.
  const missingAnywhere = namedPaths(text, fileDir, markdown).some(([, fromRoot]) => !exists(fromRoot));
  if (!missingAnywhere) return [];
  const pieces: [number, string][] = markdown
    ? text.split('\n').map((line, index): [number, string] => [index + 1, line])
    : file.endsWith('.sh')
      ? shellComments(text)
      : scriptComments(file, text);
  const found = pieces.flatMap(([line, piece]) =>
    namedPaths(piece, fileDir, markdown)
      .filter(([, fromRoot]) => !exists(fromRoot))
      .map(([token]) => `${relative}:${line}: ${token}`),
  );
  // A Markdown link whose target is also a path from the root (`[x](docs/api.md)` in the README) is named once.
  return [...new Set(found)];
}

describe('paths named in comments and docs', () => {
  it('every repository path a comment or a doc names exists', () => {
    const sources = SOURCE_FOLDERS.flatMap((folder) =>
      filesUnder(
        path.join(root, folder),
        (name) => (SCRIPT.test(name) && !name.endsWith('.d.ts')) || name.endsWith('.sh'),
      ),
    );
    const docs = [path.join(root, 'README.md'), ...filesUnder(path.join(root, 'docs'), (name) => name.endsWith('.md'))];
    expect(sources.length).toBeGreaterThan(400);
    expect(docs.length).toBeGreaterThan(40);
    const missing = [...sources, ...docs].flatMap((file) => missingPaths(file, readFileSync(file, 'utf8')));
    expect(missing).toEqual([]);
  });

  it('reads paths in comments and Markdown as defined above', () => {
    const script = [
      '// worker/app.ts and web/no-such-file.ts, web/routes/, worker/gone/ and the web/worker split',
      '/* ./no-such-sibling.ts, ../deploy/deploy.test.ts, web/routes/<name>/index.tsx, worker/routes/{group}.ts */',
      "const s = 'web/also-not-here.ts'; // web/old.ts (removed in issue 28), worker/lib/*.ts, docs/decisions/NNN-x.md",
      'const el = <div>{/* web/jsx-comment.tsx */}web/jsx-text.tsx</div>;',
      "// wrangler.toml, wrangler.jsonc and worker/app.ts's",
    ].join('\n');
    expect(missingPaths(path.join(root, 'test/deploy/sample.tsx'), script)).toEqual([
      'test/deploy/sample.tsx:1: web/no-such-file.ts',
      'test/deploy/sample.tsx:1: worker/gone/',
      'test/deploy/sample.tsx:2: ./no-such-sibling.ts',
      'test/deploy/sample.tsx:4: web/jsx-comment.tsx',
      'test/deploy/sample.tsx:5: wrangler.jsonc',
    ]);
    const shell = "set -e # see worker/scripts/start.sh and worker/scripts/gone.sh\necho 'web/not-a-comment.ts'";
    expect(missingPaths(path.join(root, 'test/scripts/sample.sh'), shell)).toEqual([
      'test/scripts/sample.sh:1: worker/scripts/gone.sh',
    ]);
    const markdown = [
      'See [001](decisions/001-architecture.md), [048](decisions/999-none.md) and [the site](https://example.org/x.md).',
      'Code in `web/app.tsx`, `web/gone.tsx`; [anchor](#top); `schema/` and `migrations/0001_x.sql`, web/dist/assets/.',
      'The spec is `../shared/SPEC.md`; `./worker/app.ts` and `./worker/gone.ts` from the root.',
    ].join('\n');
    expect(missingPaths(path.join(root, 'docs/sample.md'), markdown)).toEqual([
      'docs/sample.md:1: decisions/999-none.md',
      'docs/sample.md:2: web/gone.tsx',
      'docs/sample.md:2: migrations/0001_x.sql',
      'docs/sample.md:3: ./worker/gone.ts',
    ]);
  });
});
