// What the worker takes from the SPA's build: index.html (its scripts, styles and preloads, which the rendered page
// keeps), and the build's manifest, to link the matched view's own chunk and styles so the page is styled before
// any script runs. Both are read once per isolate from the static assets (a deployment ships them together).
import type { Context } from 'hono';
import type { AppEnv } from '../../worker/env';

/** The manifest's file name in the build (web/vite.config.ts writes it). */
export const MANIFEST_FILE = 'route-manifest.json';

/** What Vite's manifest says of one source module. */
interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestEntry>;

/** The page when no build is there (worker tests): the same root, without the SPA's files. */
const BARE_TEMPLATE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n' +
  '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n    <title>SO Portal</title>\n' +
  '  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

let template: string | undefined;
let manifest: Manifest | undefined;

async function asset(c: Context<AppEnv>, path: string): Promise<Response | null> {
  try {
    const res = await c.env.ASSETS.fetch(new Request(new URL(path, c.req.url)));
    return res.ok ? res : null;
  } catch {
    return null;
  }
}

export interface BuildFiles {
  template: (c: Context<AppEnv>) => Promise<string>;
  /**
   * The template's script and style tags for a rendered page: the entry with its static imports, and the chunks and
   * stylesheets of `modules` (the rendered view, the header's search box) and of what they import. The SPA's other
   * start-up preloads (for the browser's own first render: the API client, the crumbs' look-ups) are left out: the
   * page carries its data, so they are not needed before the visitor does something.
   */
  pageTags: (c: Context<AppEnv>, page: string, modules: readonly string[]) => Promise<string>;
}

const STYLESHEET = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
const MODULEPRELOAD = (file: string) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`;

async function readManifest(c: Context<AppEnv>): Promise<Manifest | null> {
  if (manifest) return manifest;
  const res = await asset(c, `/${MANIFEST_FILE}`);
  if (!res) return null;
  return (manifest = await res.json<Manifest>());
}

// Each is remembered once read; a failed read is tried again by the next request.
export const buildFiles: BuildFiles = {
  template: async (c) => {
    if (template) return template;
    const res = await asset(c, '/');
    if (!res) return BARE_TEMPLATE;
    return (template = await res.text());
  },
  pageTags: async (c, page, modules) => {
    const files = await readManifest(c);
    if (!files) return page;
    /** Chunk files and stylesheets of a module and its static imports. */
    const graph = (ids: readonly string[]) => {
      const seen = new Set<string>();
      const chunks: string[] = [];
      const css: string[] = [];
      const walk = (id: string) => {
        const entry = files[id];
        if (!entry || seen.has(id)) return;
        seen.add(id);
        chunks.push(entry.file);
        css.push(...(entry.css ?? []));
        entry.imports?.forEach(walk);
      };
      ids.forEach(walk);
      return { chunks, css };
    };
    const start = graph(['index.html']);
    const wanted = graph(modules);
    const keep = new Set([...start.chunks, ...wanted.chunks]);
    // Start-up preloads the rendered page does not need go; the start-up stylesheets apply at once.
    // The scripts hydrate a page that is already there: they come after its stylesheets and largest picture on a
    // slow line (fetchpriority low), not alongside them.
    let html = page
      .replace(/<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g, (_tag, file: string) =>
        keep.has(file) ? MODULEPRELOAD(file) : '',
      )
      .replace('<script type="module" crossorigin src=', '<script type="module" fetchpriority="low" crossorigin src=')
      .replaceAll('<link rel="preload" as="style" crossorigin href=', '<link rel="stylesheet" crossorigin href=');
    const extra = [
      ...wanted.chunks
        .filter((file) => !html.includes(`href="/${file}"`) && !html.includes(`src="/${file}"`))
        .map(MODULEPRELOAD),
      ...[...new Set(wanted.css)].filter((file) => !html.includes(`href="/${file}"`)).map(STYLESHEET),
    ];
    html = html.replace('</head>', `${extra.join('')}</head>`);
    return html;
  },
};
