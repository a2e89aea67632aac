// Imported HTML (WordPress's classic HTML and block markup, Ghost's HTML) as the portal's document nodes (decision
// 046). Nothing of the HTML survives as markup: elements the document has become its nodes, what it cannot hold is
// kept as text (tables, code blocks, embeds as links) and named in `notes`, and what must never reach a page
// (scripts, styles, event handlers, `javascript:` links, iframes) is dropped or becomes a plain link, noted too.
// Pictures come out as `sourceImage` placeholders: the runner stores the file and puts the gallery entry's id in.
import {
  DOCUMENT_LIMITS,
  isSafeHref,
  type InlineNode,
  type ListItemNode,
  type ListNode,
  type TextNode,
} from '#schema/document';
import {
  BLOCK_NAMES,
  captionShortcodes,
  collapse,
  DROPPED,
  findAll,
  has,
  inlinesOfBlock,
  trimInlines,
  type DraftBlock,
  type SourceImage,
} from './html-rules';
import { parseHtml, textOf, type HtmlElement, type HtmlNode } from './html-tree';

export type { DraftBlock, SourceImage } from './html-rules';

export interface Converted {
  blocks: DraftBlock[];
  /** What could not be held as it was, once per kind ("table kept as text", "script removed"). */
  notes: Set<string>;
}

export interface ConvertOptions {
  /** Classic (pre-block) WordPress text: blank lines separate paragraphs, single newlines are line breaks. */
  autop: boolean;
  /** Where relative links and pictures are resolved (the source site's address). */
  base?: string | undefined;
}

type Marks = Pick<TextNode, 'bold' | 'italic' | 'code'>;
type Inline = InlineNode | { type: 'hoist'; block: DraftBlock };

const MAX_LIST_DEPTH = 5;
class Converter {
  readonly blocks: DraftBlock[] = [];
  readonly notes = new Set<string>();
  constructor(readonly options: ConvertOptions) {}

  /** An absolute, safe address for `raw`, or null. */
  address(raw: string | undefined): string | null {
    if (!raw) return null;
    let href: string;
    try {
      href = new URL(raw.trim(), this.options.base).href;
    } catch {
      return null;
    }
    return isSafeHref(href) && href.length <= DOCUMENT_LIMITS.href ? href : null;
  }

  // ---- blocks ----

  blocksOf(children: readonly HtmlNode[], out: DraftBlock[], autop: boolean): void {
    let run: HtmlNode[] = [];
    const flush = () => {
      if (run.length > 0) this.paragraphs(this.inlines(run, {}, autop), out, autop);
      run = [];
    };
    for (const child of children) {
      if (child.kind === 'comment') continue;
      if (child.kind === 'element' && BLOCK_NAMES.has(child.name)) {
        flush();
        this.block(child, out);
      } else run.push(child);
    }
    flush();
  }

  block(el: HtmlElement, out: DraftBlock[]): void {
    const name = el.name;
    const dropped = DROPPED[name];
    if (dropped) {
      this.notes.add(dropped);
      return;
    }
    if (name === 'p' || name === 'address' || name === 'center') {
      this.paragraphs(this.inlines(el.children, {}, false), out, false);
    } else if (/^h[1-6]$/.test(name)) {
      const level = Math.min(4, Math.max(2, Number(name[1]))) as 2 | 3 | 4;
      const parts = this.split(this.inlines(el.children, {}, false), out);
      if (parts.length > 0) out.push({ type: 'heading', level, children: parts });
    } else if (name === 'ul' || name === 'ol') {
      const list = this.list(el, 1, out);
      if (list) out.push(list);
    } else if (name === 'blockquote') {
      this.quote(el, out);
    } else if (name === 'pre') {
      this.code(el, out);
    } else if (name === 'hr') {
      out.push({ type: 'rule' });
    } else if (name === 'figure') {
      this.figure(el, out);
    } else if (name === 'table') {
      this.table(el, out);
    } else if (name === 'iframe' || name === 'video' || name === 'audio') {
      this.mediaLink(el, out);
    } else {
      // div, section, columns, groups, details...: flattened in order.
      this.blocksOf(el.children, out, false);
    }
  }

  /** Inline content as paragraphs: split where a picture was hoisted, and (classic text) at blank lines. */
  paragraphs(inlines: Inline[], out: DraftBlock[], autop: boolean): void {
    let current: InlineNode[] = [];
    const push = () => {
      const trimmed = trimInlines(current);
      if (trimmed.length > 0) out.push({ type: 'paragraph', children: trimmed });
      current = [];
    };
    for (const node of inlines) {
      if (node.type === 'hoist') {
        push();
        out.push(node.block);
      } else if (autop && node.type === 'text' && /\n/.test(node.text)) {
        const chunks = node.text.split(/\n[ \t]*\n\s*/);
        chunks.forEach((chunk, i) => {
          if (i > 0) push();
          chunk.split('\n').forEach((line, j) => {
            if (j > 0) current.push({ type: 'break' });
            const text = line.replace(/[ \t\r\f]+/g, ' ');
            if (text) current.push({ ...node, text });
          });
        });
      } else current.push(node);
    }
    push();
  }

  /** Inline content for a node that holds inlines only (heading, quote): hoisted pictures go after it. */
  split(inlines: Inline[], out: DraftBlock[]): InlineNode[] {
    const kept: InlineNode[] = [];
    for (const node of inlines) {
      if (node.type === 'hoist') out.push(node.block);
      else kept.push(node);
    }
    return trimInlines(kept);
  }

  list(el: HtmlElement, depth: number, out: DraftBlock[]): ListNode | null {
    const items: ListItemNode[] = [];
    for (const child of el.children) {
      if (child.kind !== 'element') continue;
      const item: ListItemNode = { type: 'listItem', children: [] };
      const inner = child.name === 'li' ? child.children : [child];
      let run: HtmlNode[] = [];
      const flush = () => {
        const inlines = this.split(this.inlines(run, {}, false), out);
        if (inlines.length > 0) item.children.push({ type: 'paragraph', children: inlines });
        run = [];
      };
      for (const node of inner) {
        if (node.kind === 'element' && (node.name === 'ul' || node.name === 'ol')) {
          flush();
          if (depth < MAX_LIST_DEPTH) {
            const nested = this.list(node, depth + 1, out);
            if (nested) item.children.push(nested);
          } else {
            this.notes.add(`lists nested deeper than ${MAX_LIST_DEPTH} levels kept as text`);
            run.push(node);
          }
        } else if (node.kind === 'element' && DROPPED[node.name]) {
          this.notes.add(DROPPED[node.name]!);
        } else run.push(node);
      }
      flush();
      if (item.children.length > 0) items.push(item);
    }
    return items.length > 0 ? { type: 'list', ordered: el.name === 'ol', items } : null;
  }

  quote(el: HtmlElement, out: DraftBlock[]): void {
    const inner: DraftBlock[] = [];
    this.blocksOf(el.children, inner, false);
    const children: InlineNode[] = [];
    for (const block of inner) {
      const inlines = inlinesOfBlock(block);
      if (!inlines) {
        out.push(block);
        continue;
      }
      if (children.length > 0) children.push({ type: 'break' }, { type: 'break' });
      children.push(...inlines);
    }
    if (children.length > 0) out.push({ type: 'quote', children });
  }

  code(el: HtmlElement, out: DraftBlock[]): void {
    const lines = textOf(el).replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
    const children: InlineNode[] = [];
    lines.forEach((line, i) => {
      if (i > 0) children.push({ type: 'break' });
      if (line) children.push({ type: 'text', text: line, code: true });
    });
    if (children.length > 0) out.push({ type: 'paragraph', children });
    this.notes.add('code block kept as code-marked text');
  }

  figure(el: HtmlElement, out: DraftBlock[]): void {
    const caption = el.children.find((c): c is HtmlElement => c.kind === 'element' && c.name === 'figcaption');
    const captionText = caption ? collapse(textOf(caption)).trim() : '';
    const images = findAll(el, 'img');
    const rest = el.children.filter((c) => c !== caption);
    if (images.length === 1 && !rest.some((c) => c.kind === 'element' && has(c, ['table', 'iframe', 'video']))) {
      const image = this.image(images[0]!);
      if (image) {
        if (captionText) image.caption = captionText.slice(0, DOCUMENT_LIMITS.caption);
        out.push(image);
      }
      return;
    }
    if (images.length > 1) {
      // A gallery: each picture in order, the gallery's caption after them.
      for (const img of images) {
        const image = this.image(img);
        if (image) out.push(image);
      }
      if (captionText) out.push({ type: 'paragraph', children: [{ type: 'text', text: captionText }] });
      return;
    }
    const embedUrl = collapse(textOf({ kind: 'element', name: 'div', attrs: {}, children: rest })).trim();
    if (/\bwp-block-embed\b/.test(el.attrs.class ?? '') && /^https?:\/\/\S+$/.test(embedUrl)) {
      const href = this.address(embedUrl);
      if (href)
        out.push({ type: 'paragraph', children: [{ type: 'link', href, children: [{ type: 'text', text: href }] }] });
      this.notes.add('embed kept as a link');
    } else this.blocksOf(rest, out, false);
    if (captionText) out.push({ type: 'paragraph', children: [{ type: 'text', text: captionText, italic: true }] });
  }

  image(img: HtmlElement): SourceImage | null {
    const src = this.address(img.attrs.src);
    if (!src || !/^https?:/.test(src)) {
      this.notes.add('picture without a usable address left out');
      return null;
    }
    return {
      type: 'sourceImage',
      src,
      alt: collapse(img.attrs.alt ?? '')
        .trim()
        .slice(0, DOCUMENT_LIMITS.alt),
    };
  }

  table(el: HtmlElement, out: DraftBlock[]): void {
    for (const row of findAll(el, 'tr')) {
      const cells = row.children
        .filter((c): c is HtmlElement => c.kind === 'element' && (c.name === 'td' || c.name === 'th'))
        .map((c) => collapse(textOf(c)).trim());
      const text = cells.join(' | ');
      if (text.replace(/[ |]/g, '')) out.push({ type: 'paragraph', children: [{ type: 'text', text }] });
    }
    this.notes.add('table kept as text, one row a paragraph');
  }

  mediaLink(el: HtmlElement, out: DraftBlock[]): void {
    const source = el.attrs.src ?? findAll(el, 'source')[0]?.attrs.src;
    const href = this.address(source);
    if (href)
      out.push({ type: 'paragraph', children: [{ type: 'link', href, children: [{ type: 'text', text: href }] }] });
    this.notes.add(el.name === 'iframe' ? 'embed kept as a link' : `${el.name} kept as a link`);
  }

  // ---- inlines ----

  inlines(nodes: readonly HtmlNode[], marks: Marks, keepNewlines: boolean): Inline[] {
    const out: Inline[] = [];
    for (const node of nodes) {
      if (node.kind === 'comment') continue;
      if (node.kind === 'text') {
        const text = keepNewlines ? node.text.replace(/[ \t\r\f]+/g, ' ') : collapse(node.text);
        if (text) out.push({ type: 'text', text, ...marks });
        continue;
      }
      const name = node.name;
      if (DROPPED[name]) this.notes.add(DROPPED[name]);
      else if (name === 'br') out.push({ type: 'break' });
      else if (name === 'img') {
        const image = this.image(node);
        if (image) out.push({ type: 'hoist', block: image });
      } else if (name === 'strong' || name === 'b')
        out.push(...this.inlines(node.children, { ...marks, bold: true }, keepNewlines));
      else if (name === 'em' || name === 'i' || name === 'cite') {
        out.push(...this.inlines(node.children, { ...marks, italic: true }, keepNewlines));
      } else if (name === 'code' || name === 'kbd' || name === 'samp' || name === 'tt') {
        out.push(...this.inlines(node.children, { ...marks, code: true }, keepNewlines));
      } else if (name === 'a') out.push(...this.link(node, marks, keepNewlines));
      else if (BLOCK_NAMES.has(name) || /^h[1-6]$/.test(name) || name === 'li') {
        // A block inside inline content (a list in a link, a table in a span): its blocks, hoisted.
        const blocks: DraftBlock[] = [];
        this.block(node, blocks);
        for (const block of blocks) out.push({ type: 'hoist', block });
      } else out.push(...this.inlines(node.children, marks, keepNewlines));
    }
    return out;
  }

  link(a: HtmlElement, marks: Marks, keepNewlines: boolean): Inline[] {
    const inner = this.inlines(a.children, marks, keepNewlines);
    const raw = a.attrs.href;
    const href = this.address(raw);
    if (!href) {
      if (raw && /^\s*(javascript|data|vbscript):/i.test(raw)) this.notes.add('unsafe link removed (its text kept)');
      return inner;
    }
    const out: Inline[] = [];
    let texts: TextNode[] = [];
    const close = () => {
      if (texts.length > 0) out.push({ type: 'link', href, children: texts });
      texts = [];
    };
    for (const node of inner) {
      if (node.type === 'text') texts.push(node);
      else {
        close();
        out.push(node);
      }
    }
    close();
    return out;
  }
}

/** The blocks of an imported HTML text, with what could not be held as it was. */
export function htmlToDocument(html: string, options: ConvertOptions): Converted {
  const converter = new Converter(options);
  const tree = parseHtml(options.autop ? captionShortcodes(html) : html);
  converter.blocksOf(tree.children, converter.blocks, options.autop);
  return { blocks: converter.blocks, notes: converter.notes };
}
