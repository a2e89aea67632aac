// What htmlToDocument reads HTML by (decision 046): which elements are blocks, which are dropped with what note, and
// the small tree and inline helpers it uses.
import type { BlockNode, InlineNode, TextNode } from '#schema/document';
import type { HtmlElement } from './html-tree';

/** A picture placed in the text, before its file is stored. */
export interface SourceImage {
  type: 'sourceImage';
  src: string;
  alt: string;
  caption?: string;
}
/** A block of the document being made: a document node, or a picture still to be stored. */
export type DraftBlock = BlockNode | SourceImage;

export const BLOCK_NAMES = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'hr',
  'figure',
  'table',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'details',
  'dl',
  'iframe',
  'video',
  'audio',
  'script',
  'style',
  'noscript',
  'template',
  'object',
  'embed',
  'form',
  'svg',
  'canvas',
  'center',
  'address',
  'hgroup',
]);
/** Never shown, never kept: their content is code or a duplicate fallback. */
export const DROPPED: Record<string, string> = {
  script: 'script removed',
  style: 'style removed',
  template: 'template removed',
  noscript: 'noscript fallback removed',
  object: 'embedded object removed',
  embed: 'embedded object removed',
  svg: 'inline SVG removed',
  canvas: 'canvas removed',
  form: 'form removed',
};

export const collapse = (text: string) => text.replace(/\s+/g, ' ');

export function has(el: HtmlElement, names: string[]): boolean {
  return names.includes(el.name) || el.children.some((c) => c.kind === 'element' && has(c, names));
}

export function findAll(el: HtmlElement, name: string, found: HtmlElement[] = []): HtmlElement[] {
  for (const child of el.children) {
    if (child.kind !== 'element') continue;
    if (child.name === name) found.push(child);
    else findAll(child, name, found);
  }
  return found;
}

export function inlinesOfBlock(block: DraftBlock): InlineNode[] | null {
  return block.type === 'paragraph' || block.type === 'heading' || block.type === 'quote' ? block.children : null;
}

/** Leading and trailing spaces and breaks off, adjacent texts of the same marks joined. */
export function trimInlines(nodes: InlineNode[]): InlineNode[] {
  const out: InlineNode[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === 'text' && last?.type === 'text' && sameMarks(last, node)) {
      out[out.length - 1] = { ...last, text: last.text + node.text };
    } else out.push(node);
  }
  while (out.length > 0 && isBlank(out[0]!)) out.shift();
  while (out.length > 0 && isBlank(out.at(-1)!)) out.pop();
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, text: first.text.trimStart() };
  const last = out.at(-1);
  if (last?.type === 'text') out[out.length - 1] = { ...last, text: last.text.trimEnd() };
  return out.filter((n) => n.type !== 'text' || n.text.length > 0);
}

export const sameMarks = (a: TextNode, b: TextNode) => a.bold === b.bold && a.italic === b.italic && a.code === b.code;
export const isBlank = (n: InlineNode) => n.type === 'break' || (n.type === 'text' && n.text.trim() === '');

/** WordPress's [caption] shortcode around a picture, as the figure it stands for. */
export function captionShortcodes(html: string): string {
  return html.replace(/\[caption[^\]]*\]([\s\S]*?)\[\/caption\]/g, (_whole, inner: string) => {
    const m = /^(\s*(?:<a\b[^>]*>)?\s*<img\b[^>]*>\s*(?:<\/a>)?)([\s\S]*)$/.exec(inner);
    return m ? `<figure>${m[1]}<figcaption>${m[2]}</figcaption></figure>` : inner;
  });
}
