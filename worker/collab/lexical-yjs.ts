// The shared document of a room as the article's fields: title and teaser are Y.Text, the text is the tree that
// Lexical's collaboration binding (@lexical/yjs, "V1") keeps under `root`. The room reads that tree without Lexical
// (the worker bundles no editor) into the document of decision 027, as web/components/rich-text/convert.ts reads
// the editor, and writes a document into it when a save from outside the room enters (docs/decisions/051).
//
// The binding's shape: an element node is a Y.XmlText whose attributes are the node's properties (`__type`, a
// heading's `__tag`, a list's `__listType`, a link's `__url`) and whose content is its children in order; a text
// node is a Y.Map of its properties (`__type: 'text'`, `__format`) embedded in its parent, followed there by its
// characters; a line break is a Y.Map `{__type: 'linebreak'}`; a decorator (rule, picture, video) a Y.XmlElement
// with its properties as attributes.
import * as Y from 'yjs';
import {
  DOCUMENT_VERSION,
  isSafeHref,
  type ArticleDocument,
  type BlockNode,
  type InlineNode,
  type ListItemNode,
  type ListNode,
  type TextNode,
} from '#schema/document';

/** Lexical's text format bits (lexical's IS_BOLD, IS_ITALIC, IS_CODE). */
const BOLD = 1;
const ITALIC = 2;
const CODE = 16;

export const ROOT = 'root';
export const TITLE = 'title';
export const TEASER = 'teaser';

/** The fields a room shares. */
export interface SharedFields {
  title: string;
  teaser: string;
  body: ArticleDocument;
}

/** A child of an element, with where it starts in its parent and how long it is there (an embed counts one). */
type Child = { at: number; length: number } & (
  | { kind: 'element'; node: Y.XmlText }
  | { kind: 'map'; node: Y.Map<unknown>; text: string }
  | { kind: 'decorator'; node: Y.XmlElement }
);

/** An element's children in order, each text node with the characters that follow its map. */
function childrenOf(element: Y.XmlText): Child[] {
  const out: Child[] = [];
  let at = 0;
  for (const op of element.toDelta() as { insert: unknown }[]) {
    const ins = op.insert;
    if (typeof ins === 'string') {
      const last = out[out.length - 1];
      if (last?.kind === 'map') {
        last.text += ins;
        last.length += ins.length;
      }
      at += ins.length;
      continue;
    }
    if (ins instanceof Y.XmlText) out.push({ at, length: 1, kind: 'element', node: ins });
    else if (ins instanceof Y.Map) out.push({ at, length: 1, kind: 'map', node: ins as Y.Map<unknown>, text: '' });
    else if (ins instanceof Y.XmlElement) out.push({ at, length: 1, kind: 'decorator', node: ins as Y.XmlElement });
    at += 1;
  }
  return out;
}

const typeOf = (c: Child): string | undefined =>
  c.kind === 'map'
    ? (c.node.get('__type') as string | undefined)
    : (c.node.getAttribute('__type') as string | undefined);
const attr = (node: Y.XmlText | Y.XmlElement, name: string): unknown => node.getAttribute(name) as unknown;
/** A property that should be a string, or `fallback`. */
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

// ---- reading: the same rules as convert.ts's $readDocument ----

function textsOf(children: Child[]): InlineNode[] {
  return children.flatMap((c): InlineNode[] => {
    const type = typeOf(c);
    if (c.kind === 'map') {
      if (type === 'linebreak') return [{ type: 'break' }];
      if (!c.text) return [];
      const format = Number(c.node.get('__format') ?? 0);
      const t: TextNode = { type: 'text', text: c.text };
      if (format & BOLD) t.bold = true;
      if (format & ITALIC) t.italic = true;
      if (format & CODE) t.code = true;
      return [t];
    }
    if (c.kind === 'element') return textsOf(childrenOf(c.node));
    return [];
  });
}

function inlinesOf(element: Y.XmlText): InlineNode[] {
  return childrenOf(element).flatMap((c): InlineNode[] => {
    const type = typeOf(c);
    if (c.kind === 'element' && (type === 'link' || type === 'autolink')) {
      const texts = textsOf(childrenOf(c.node)).filter((t): t is TextNode => t.type === 'text');
      const href = str(attr(c.node, '__url'));
      if (!isSafeHref(href)) return texts;
      return texts.length ? [{ type: 'link', href, children: texts }] : [];
    }
    if (c.kind === 'element' && type === 'list') return [];
    return textsOf([c]);
  });
}

function listOf(list: Y.XmlText): ListNode | null {
  const items: ListItemNode[] = [];
  for (const li of childrenOf(list)) {
    if (li.kind !== 'element' || typeOf(li) !== 'listitem') continue;
    const nested = childrenOf(li.node)
      .filter((c): c is Child & { kind: 'element' } => c.kind === 'element' && typeOf(c) === 'list')
      .map((c) => listOf(c.node))
      .filter((l): l is ListNode => !!l);
    const inlines = inlinesOf(li.node);
    const previous = items[items.length - 1];
    if (inlines.length === 0 && nested.length > 0 && previous) {
      previous.children.push(...nested);
      continue;
    }
    items.push({ type: 'listItem', children: [{ type: 'paragraph', children: inlines }, ...nested] });
  }
  return items.length ? { type: 'list', ordered: attr(list, '__listType') === 'number', items } : null;
}

function blockOf(c: Child): BlockNode[] {
  const type = typeOf(c);
  if (c.kind === 'decorator') {
    const mediaId = str(attr(c.node, '__mediaId'));
    if (type === 'article-picture') {
      const caption = str(attr(c.node, '__caption'));
      return [{ type: 'image', mediaId, alt: str(attr(c.node, '__alt')), ...(caption ? { caption } : {}) }];
    }
    if (type === 'article-video') return [{ type: 'video', mediaId }];
    if (type === 'horizontalrule') return [{ type: 'rule' }];
    return [];
  }
  if (c.kind === 'map') {
    const inlines = textsOf([c]);
    return inlines.length ? [{ type: 'paragraph', children: inlines }] : [];
  }
  if (type === 'list') {
    const list = listOf(c.node);
    return list ? [list] : [];
  }
  const children = inlinesOf(c.node);
  if (!children.length) return [];
  if (type === 'heading') {
    const level = Math.min(4, Math.max(2, Number(str(attr(c.node, '__tag'), 'h2').slice(1)) || 2)) as 2 | 3 | 4;
    return [{ type: 'heading', level, children }];
  }
  if (type === 'quote') return [{ type: 'quote', children }];
  return [{ type: 'paragraph', children }];
}

/** The blocks of the shared text, one entry per top-level element (empty ones give none). */
function blocksOf(doc: Y.Doc): { child: Child; blocks: BlockNode[] }[] {
  return childrenOf(doc.get(ROOT, Y.XmlText)).map((child) => ({ child, blocks: blockOf(child) }));
}

/** The room's fields as the article saves them. */
export function readShared(doc: Y.Doc): SharedFields {
  return {
    title: doc.getText(TITLE).toJSON(),
    teaser: doc.getText(TEASER).toJSON(),
    body: { version: DOCUMENT_VERSION, children: blocksOf(doc).flatMap((b) => b.blocks) },
  };
}

// ---- writing: a document as the binding would have written it ----

function textMap(t: TextNode): Y.Map<unknown> {
  const map = new Y.Map<unknown>();
  map.set('__type', 'text');
  map.set('__format', (t.bold ? BOLD : 0) | (t.italic ? ITALIC : 0) | (t.code ? CODE : 0));
  map.set('__style', '');
  map.set('__mode', 0);
  map.set('__detail', 0);
  return map;
}

function element(type: string, attributes: Record<string, unknown> = {}): Y.XmlText {
  const el = new Y.XmlText();
  el.setAttribute('__type', type);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  return el;
}

/** Appends the inline children to a (not yet integrated) element; returns its length. */
function appendInlines(el: Y.XmlText, inlines: readonly InlineNode[], at = 0): number {
  let offset = at;
  for (const n of inlines) {
    if (n.type === 'break') {
      const map = new Y.Map<unknown>();
      map.set('__type', 'linebreak');
      el.insertEmbed(offset++, map);
    } else if (n.type === 'link') {
      const link = element('link', { __url: n.href });
      appendInlines(link, n.children);
      el.insertEmbed(offset++, link);
    } else {
      el.insertEmbed(offset++, textMap(n));
      el.insert(offset, n.text);
      offset += n.text.length;
    }
  }
  return offset;
}

function listElement(list: ListNode): Y.XmlText {
  const el = element('list', {
    __listType: list.ordered ? 'number' : 'bullet',
    __tag: list.ordered ? 'ol' : 'ul',
    __start: 1,
  });
  let offset = 0;
  for (const item of list.items) {
    const li = element('listitem', { __value: 1 });
    el.insertEmbed(offset++, li);
    let liOffset = 0;
    for (const child of item.children) {
      if (child.type === 'paragraph') liOffset = appendInlines(li, child.children, liOffset);
      else {
        // As convert.ts: a nested list sits in an item of its own, right after the item it belongs to.
        const holder = element('listitem', { __value: 1 });
        holder.insertEmbed(0, listElement(child));
        el.insertEmbed(offset++, holder);
      }
    }
  }
  return el;
}

/** The shared type of one block, before it is integrated. */
function blockType(b: BlockNode): Y.XmlText | Y.XmlElement {
  switch (b.type) {
    case 'paragraph':
    case 'quote': {
      const el = element(b.type);
      appendInlines(el, b.children);
      return el;
    }
    case 'heading': {
      const el = element('heading', { __tag: `h${b.level}` });
      appendInlines(el, b.children);
      return el;
    }
    case 'rule':
    case 'image':
    case 'video': {
      const el = new Y.XmlElement();
      if (b.type === 'rule') el.setAttribute('__type', 'horizontalrule');
      else if (b.type === 'video') {
        el.setAttribute('__type', 'article-video');
        el.setAttribute('__mediaId', b.mediaId);
      } else {
        el.setAttribute('__type', 'article-picture');
        el.setAttribute('__mediaId', b.mediaId);
        el.setAttribute('__alt', b.alt);
        el.setAttribute('__caption', b.caption ?? '');
      }
      return el;
    }
    case 'list':
      return listElement(b);
  }
}

/** Changes `text` into `next` by replacing only what lies between their common start and end. */
function replaceText(text: Y.Text, next: string): void {
  const now = text.toJSON();
  if (now === next) return;
  let start = 0;
  while (start < now.length && start < next.length && now[start] === next[start]) start++;
  let end = 0;
  while (
    end < now.length - start &&
    end < next.length - start &&
    now[now.length - 1 - end] === next[next.length - 1 - end]
  )
    end++;
  text.delete(start, now.length - start - end);
  text.insert(start, next.slice(start, next.length - end));
}

/**
 * Makes the shared fields say `fields`, as one transaction with `origin`: title and teaser change only between
 * their common start and end, the text only in the blocks between its unchanged first and last blocks, so that
 * what others are typing elsewhere stays where it is.
 */
export function writeShared(doc: Y.Doc, fields: SharedFields, origin: unknown): void {
  doc.transact(() => {
    replaceText(doc.getText(TITLE), fields.title);
    replaceText(doc.getText(TEASER), fields.teaser);
    const root = doc.get(ROOT, Y.XmlText);
    const now = blocksOf(doc);
    const wanted = fields.body.children;
    const same = (i: number, j: number) => JSON.stringify(now[i]!.blocks) === JSON.stringify([wanted[j]]);
    let head = 0;
    while (head < now.length && head < wanted.length && same(head, head)) head++;
    let tail = 0;
    while (
      tail < now.length - head &&
      tail < wanted.length - head &&
      same(now.length - 1 - tail, wanted.length - 1 - tail)
    )
      tail++;
    const from = head < now.length ? now[head]!.child.at : root.length;
    const last = now[now.length - 1 - tail];
    const to = now.length - tail > head && last ? last.child.at + last.child.length : from;
    if (to > from) root.delete(from, to - from);
    let at = from;
    for (const b of wanted.slice(head, wanted.length - tail)) root.insertEmbed(at++, blockType(b));
    // Lexical's root always holds a block: an empty text is one empty paragraph.
    if (root.length === 0) root.insertEmbed(0, element('paragraph'));
  }, origin);
}
