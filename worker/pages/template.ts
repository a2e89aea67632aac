// What the worker takes from the SPA's build: index.html (its scripts, styles and preloads, which the rendered page
// keeps), and the build's manifest, to link the matched view's own chunk and styles so the page is styled before
// any script runs. Both are read once per isolate from the static assets (a deployment ships them together).
import type { Context } from 'hono';
import type { AppEnv } from '../env';

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
   * The template's script and style tags for a rendered page: boot.js, which loads the entry with its static imports
   * and the chunks of `modules` (the rendered view, the header's search box) and of what they import, after the
   * page's main picture; and the stylesheets of all of them. The SPA's other start-up preloads (for the browser's own
   * first render: the API client, the crumbs' look-ups) are left out: the page carries its data, so they are not
   * needed before the visitor does something.
   */
  pageTags: (c: Context<AppEnv>, page: string, modules: readonly string[]) => Promise<string>;
}

const STYLESHEET = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
/** The build's name of web/boot.ts (web/vite.config.ts builds it beside the app's entry). */
export const BOOT_MODULE = 'boot.ts';
/** The id of the list of the app's modules that boot.js loads (web/boot.ts reads it). */
export const PAGE_MODULES_ID = 'page-modules';
const BOOT_SCRIPT = (boot: string, modules: string[]) =>
  `<script type="module" crossorigin src="/${boot}"></script>` +
  `<script type="application/json" id="${PAGE_MODULES_ID}">${JSON.stringify(modules.map((file) => `/${file}`))}</script>`;

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
    const boot = files[BOOT_MODULE]?.file;
    const entry = files['index.html']?.file;
    if (!boot || !entry) return page;
    // The app's scripts load after the page's main picture (web/boot.ts): the page names boot.js only, and the
    // entry with the chunks it imports at once (the start-up ones the page needs, the view's, the search box's) in
    // a list boot.js reads. The SPA's other start-up preloads are left out: the page carries its data, so they are
    // not needed before the visitor does something. The start-up stylesheets apply at once.
    const appModules = [...new Set([entry, ...start.chunks, ...wanted.chunks])];
    let html = page
      .replace(/<link rel="modulepreload" crossorigin href="\/[^"]+">\s*/g, '')
      .replace(/<script type="module" crossorigin src="\/[^"]+"><\/script>/, () => BOOT_SCRIPT(boot, appModules))
      .replaceAll('<link rel="preload" as="style" crossorigin href=', '<link rel="stylesheet" crossorigin href=');
    const extra = [...new Set(wanted.css)].filter((file) => !html.includes(`href="/${file}"`)).map(STYLESHEET);
    html = html.replace('</head>', () => `${extra.join('')}</head>`);
    return html;
  },
};
