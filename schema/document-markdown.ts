// The article document (schema/document.ts) as Markdown and back: what the MCP tools (worker/mcp) read and write.
// A small CommonMark subset maps one to one onto the document's nodes: paragraphs, headings (## to ####), quotes,
// rules, lists (nested), **bold**, *italic*, `code`, [links](https://...), hard breaks (a backslash at the end of a
// line), and the article's own media: `![alt](media:<id> "caption")` for a gallery image, `![](video:<id>)` for a
// video. Anything else is kept as text, never as markup.
import {
  DOCUMENT_VERSION,
  isSafeHref,
  type ArticleDocument,
  type BlockNode,
  type InlineNode,
  type ListItemNode,
  type ListNode,
  type TextNode,
} from './document';

// ---- document -> Markdown ----

/** Characters that would start markup inside a line. */
const INLINE_SPECIAL = /[\\`*_[\]<>]/g;
const escapeInline = (text: string) => text.replace(INLINE_SPECIAL, (ch) => `\\${ch}`);
/** A line that would read as a block marker (heading, quote, list item, rule) gets its first character escaped. */
const escapeLineStart = (line: string) =>
  /^(#{1,6}(\s|$)|>|[-+*](\s|$)|\d+[.)](\s|$)|[-*_]{3,}\s*$)/.test(line)
    ? line
        .replace(/^(\d+)([.)])/, (_m, digits: string, dot: string) => `${digits}\\${dot}`)
        .replace(/^([#>+*_-])/, (ch: string) => `\\${ch}`)
    : line;

function textToMarkdown(node: TextNode): string {
  if (node.code) {
    const fence = node.text.includes('`') ? '``' : '`';
    const pad = node.text.startsWith('`') || node.text.endsWith('`') ? ' ' : '';
    return `${fence}${pad}${node.text}${pad}${fence}`;
  }
  let out = escapeInline(node.text);
  if (node.italic) out = `*${out}*`;
  if (node.bold) out = `**${out}**`;
  return out;
}

const hrefToMarkdown = (href: string) =>
  /[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, (ch) => encodeURIComponent(ch))}>` : href;

function inlinesToMarkdown(nodes: readonly InlineNode[]): string {
  return nodes
    .map((n) => {
      if (n.type === 'text') return textToMarkdown(n);
      if (n.type === 'link') return `[${n.children.map(textToMarkdown).join('')}](${hrefToMarkdown(n.href)})`;
      return '\\\n';
    })
    .join('');
}

/** Each line of a block's text, escaped where a line would otherwise start a block. */
const linesOf = (nodes: readonly InlineNode[]) => inlinesToMarkdown(nodes).split('\n').map(escapeLineStart);

function listToMarkdown(list: ListNode, indent: string): string[] {
  const out: string[] = [];
  list.items.forEach((item: ListItemNode, i) => {
    const marker = list.ordered ? `${i + 1}. ` : '- ';
    const inner = indent + ' '.repeat(marker.length);
    let first = true;
    for (const child of item.children) {
      if (child.type === 'list') {
        if (first) out.push(`${indent}${marker.trimEnd()}`);
        out.push(...listToMarkdown(child, inner));
      } else {
        const lines = linesOf(child.children);
        lines.forEach((line, j) => out.push(first && j === 0 ? `${indent}${marker}${line}` : `${inner}${line}`));
      }
      first = false;
    }
    if (first) out.push(`${indent}${marker.trimEnd()}`);
  });
  return out;
}

const quoteAttr = (text: string) => text.replace(/["\\]/g, (ch) => `\\${ch}`);

function blockToMarkdown(block: BlockNode): string {
  switch (block.type) {
    case 'paragraph':
      return linesOf(block.children).join('\n');
    case 'heading':
      return `${'#'.repeat(block.level)} ${inlinesToMarkdown(block.children).replace(/\\\n/g, ' ')}`;
    case 'quote':
      return linesOf(block.children)
        .map((l) => `> ${l}`)
        .join('\n');
    case 'rule':
      return '---';
    case 'image':
      return `![${escapeInline(block.alt)}](media:${block.mediaId}${block.caption ? ` "${quoteAttr(block.caption)}"` : ''})`;
    case 'video':
      return `![](video:${block.mediaId})`;
    case 'list':
      return listToMarkdown(block, '').join('\n');
  }
}

/** The document as Markdown, blocks separated by blank lines. */
export function documentToMarkdown(doc: ArticleDocument): string {
  return doc.children.map(blockToMarkdown).join('\n\n');
}

// ---- Markdown -> document ----

type Marks = Pick<TextNode, 'bold' | 'italic'>;

function pushText(out: InlineNode[], text: string, marks: Marks, code = false): void {
  if (!text) return;
  const node: TextNode = { type: 'text', text };
  if (marks.bold) node.bold = true;
  if (marks.italic) node.italic = true;
  if (code) node.code = true;
  const last = out[out.length - 1];
  if (last?.type === 'text' && !!last.bold === !!node.bold && !!last.italic === !!node.italic && !last.code && !code) {
    last.text += text;
    return;
  }
  out.push(node);
}

/** The index of the next unescaped `delim` at or after `from`, or -1. */
function findClosing(s: string, delim: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s.startsWith(delim, i) && i > from) return i;
  }
  return -1;
}

const isWordChar = (ch: string | undefined) => !!ch && /[\p{L}\p{N}]/u.test(ch);

/** Inline Markdown to the document's inline nodes; unmatched markers stay text. */
export function parseInlines(s: string, marks: Marks = {}): InlineNode[] {
  const out: InlineNode[] = [];
  let text = '';
  const flush = () => {
    pushText(out, text, marks);
    text = '';
  };
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '\\' && s[i + 1] === '\n') {
      flush();
      out.push({ type: 'break' });
      i += 2;
      continue;
    }
    if (ch === '\\' && i + 1 < s.length && /[!-/:-@[-`{-~]/.test(s[i + 1]!)) {
      text += s[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const fence = s.startsWith('``', i) ? '``' : '`';
      const end = s.indexOf(fence, i + fence.length);
      if (end > i) {
        flush();
        let code = s.slice(i + fence.length, end);
        if (code.length > 1 && code.startsWith(' ') && code.endsWith(' ')) code = code.slice(1, -1);
        pushText(out, code, marks, true);
        i = end + fence.length;
        continue;
      }
    }
    const strong = s.startsWith('**', i) ? '**' : s.startsWith('__', i) ? '__' : null;
    if (strong && (strong === '**' || !isWordChar(s[i - 1]))) {
      const end = findClosing(s, strong, i + 2);
      if (end > 0) {
        flush();
        out.push(...parseInlines(s.slice(i + 2, end), { ...marks, bold: true }).filter(keepInline(out)));
        i = end + 2;
        continue;
      }
    }
    if ((ch === '*' || ch === '_') && !(ch === '_' && isWordChar(s[i - 1])) && s[i + 1] !== ' ') {
      const end = findClosing(s, ch, i + 1);
      if (end > 0 && !(ch === '_' && isWordChar(s[end + 1]))) {
        flush();
        out.push(...parseInlines(s.slice(i + 1, end), { ...marks, italic: true }).filter(keepInline(out)));
        i = end + 1;
        continue;
      }
    }
    if (ch === '[') {
      const close = findClosing(s, ']', i + 1);
      if (close > 0 && s[close + 1] === '(') {
        const angle = s[close + 2] === '<';
        const hrefEnd = angle ? s.indexOf('>)', close + 3) : s.indexOf(')', close + 2);
        const href = angle ? s.slice(close + 3, hrefEnd) : s.slice(close + 2, hrefEnd);
        if (hrefEnd > 0 && isSafeHref(href)) {
          flush();
          const children = parseInlines(s.slice(i + 1, close), marks).filter((n): n is TextNode => n.type === 'text');
          if (children.length) out.push({ type: 'link', href, children });
          i = hrefEnd + (angle ? 2 : 1);
          continue;
        }
      }
    }
    text += ch;
    i++;
  }
  flush();
  return out;
}

/** Merges a nested run's first text node into the previous one where their marks match (a filter with effects). */
const keepInline = (out: InlineNode[]) => (n: InlineNode) => {
  const last = out[out.length - 1];
  if (n.type === 'text' && last?.type === 'text' && sameMarks(last, n)) {
    last.text += n.text;
    return false;
  }
  return true;
};
const sameMarks = (a: TextNode, b: TextNode) =>
  !!a.bold === !!b.bold && !!a.italic === !!b.italic && !a.code && !b.code;

/** Lines of one paragraph-like block to inline nodes: a soft line break is a space, a hard one (`\` at the end) a break. */
function inlineLines(lines: string[]): InlineNode[] {
  return parseInlines(
    lines
      .map((l) => l.trim())
      .join('\n')
      .replace(/(?<!\\)\n/g, ' '),
  );
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const LIST_ITEM = /^( *)([-+*]|\d{1,9}[.)])(?:\s+(.*)|$)/;
const MEDIA = /^!\[((?:\\.|[^\]\\])*)\]\((media|video):([0-9a-fA-F-]{36})(?:\s+"((?:\\.|[^"\\])*)")?\)\s*$/;
const unescape = (s: string) => s.replace(/\\(.)/g, (_m, ch: string) => ch);

/** Parses the list starting at `lines[start]`; returns the list and the index after it. */
function parseList(lines: string[], start: number): [ListNode, number] {
  const first = LIST_ITEM.exec(lines[start]!)!;
  const indent = first[1]!.length;
  const list: ListNode = { type: 'list', ordered: /\d/.test(first[2]!), items: [] };
  let i = start;
  while (i < lines.length) {
    const m = LIST_ITEM.exec(lines[i]!);
    if (!m || m[1]!.length !== indent || /\d/.test(m[2]!) !== list.ordered) break;
    const itemLines: string[] = m[3] ? [m[3]] : [];
    const item: ListItemNode = { type: 'listItem', children: [] };
    i++;
    const flushParagraph = () => {
      if (itemLines.length) item.children.push({ type: 'paragraph', children: inlineLines(itemLines.splice(0)) });
    };
    while (i < lines.length && lines[i]!.trim() !== '') {
      const sub = LIST_ITEM.exec(lines[i]!);
      if (sub && sub[1]!.length > indent) {
        flushParagraph();
        const [nested, next] = parseList(lines, i);
        item.children.push(nested);
        i = next;
      } else if (!sub && /^\s/.test(lines[i]!)) {
        itemLines.push(lines[i]!);
        i++;
      } else break;
    }
    flushParagraph();
    list.items.push(item);
    // A blank line between items of the same list keeps the list going.
    if (lines[i]?.trim() === '' && LIST_ITEM.exec(lines[i + 1] ?? '')?.[1]?.length === indent) i++;
  }
  return [list, i];
}

/** Markdown to the document (format version 1). What the subset has no node for stays text. */
export function markdownToDocument(markdown: string): ArticleDocument {
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const children: BlockNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(4, Math.max(2, heading[1]!.length)) as 2 | 3 | 4;
      children.push({ type: 'heading', level, children: parseInlines(heading[2]!) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      children.push({ type: 'rule' });
      i++;
      continue;
    }
    const media = MEDIA.exec(line.trim());
    if (media) {
      const mediaId = media[3]!.toLowerCase();
      if (media[2] === 'video') children.push({ type: 'video', mediaId });
      else {
        const image: BlockNode = { type: 'image', mediaId, alt: unescape(media[1]!) };
        if (media[4]) image.caption = unescape(media[4]);
        children.push(image);
      }
      i++;
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const [list, next] = parseList(lines, i);
      children.push(list);
      i = next;
      continue;
    }
    if (/^ {0,3}>/.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && /^ {0,3}>/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^ {0,3}> ?/, ''));
      children.push({ type: 'quote', children: inlineLines(quoted) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!)) paragraph.push(lines[i++]!);
    if (paragraph.length === 0) paragraph.push(lines[i++]!);
    children.push({ type: 'paragraph', children: inlineLines(paragraph) });
  }
  return { version: DOCUMENT_VERSION, children: children.filter(notEmpty) };
}

const startsBlock = (line: string) =>
  HEADING.test(line) || RULE.test(line) || /^ {0,3}>/.test(line) || /^([-+*]|\d{1,9}[.)])\s/.test(line);

/** Paragraphs, headings and quotes with no text are dropped (the editor never writes them). */
const notEmpty = (block: BlockNode) =>
  !(block.type === 'paragraph' || block.type === 'heading' || block.type === 'quote') || block.children.length > 0;
