// An imported Markdown text as draft document nodes (decision 050), through the portal's own Markdown reader
// (schema/document-markdown.ts, the one the MCP tools write with) so that no Markdown library comes into the worker.
// What that subset has no node for is prepared first: fenced code becomes code-marked text (as
// htmlToDocument does), and each picture `![alt](path "title")` becomes a block of its own that names a placeholder,
// then a `sourceImage` resolved against the file's address (a path inside the archive, or a web address).
import { DOCUMENT_LIMITS, isSafeHref } from '#schema/document';
import { markdownToDocument } from '#schema/document-markdown';
import type { BlockNode, InlineNode } from '#schema/document';
import type { Converted, DraftBlock, SourceImage } from './html-to-document';

const FENCE = /^ {0,3}(```+|~~~+)/;
const IMAGE = /!\[((?:\\.|[^\]\\])*)\]\(\s*<?([^\s)>]+)>?(?:\s+["']((?:\\.|[^"'\\])*)["'])?\s*\)/g;

function codeBlock(lines: string[]): BlockNode {
  const children: InlineNode[] = [];
  lines.forEach((line, i) => {
    if (i > 0) children.push({ type: 'break' });
    if (line) children.push({ type: 'text', text: line, code: true });
  });
  return { type: 'paragraph', children };
}

/** A Markdown text's blocks; `base` is the file's address, against which relative pictures are resolved. */
export function markdownToDraft(markdown: string, base: string): Converted {
  const notes = new Set<string>();
  const pictures = new Map<string, SourceImage>();
  const codes = new Map<string, BlockNode>();
  const unescape = (text: string) => text.replace(/\\(.)/g, (_m, ch: string) => ch);
  const out: string[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i]!);
    if (fence) {
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !lines[j]!.trimStart().startsWith(fence[1]!)) body.push(lines[j++]!);
      const id = crypto.randomUUID();
      codes.set(id, codeBlock(body));
      notes.add('code block kept as code-marked text');
      out.push('', `![](media:${id})`, '');
      i = j;
      continue;
    }
    if (/<\/?[a-zA-Z][\w-]*(\s[^>]*)?>/.test(lines[i]!)) notes.add('HTML in the Markdown kept as text');
    out.push(
      lines[i]!.replace(IMAGE, (_whole, alt: string, src: string, title: string | undefined) => {
        let href: string;
        try {
          href = new URL(src, base).href;
        } catch {
          notes.add('picture without a usable address left out');
          return '';
        }
        if (!/^https?:/.test(href) || !isSafeHref(href)) {
          notes.add('picture without a usable address left out');
          return '';
        }
        const id = crypto.randomUUID();
        pictures.set(id, {
          type: 'sourceImage',
          src: href,
          alt: unescape(alt).slice(0, DOCUMENT_LIMITS.alt),
          ...(title ? { caption: unescape(title).slice(0, DOCUMENT_LIMITS.caption) } : {}),
        });
        return `\n\n![](media:${id})\n\n`;
      }),
    );
  }
  const document = markdownToDocument(out.join('\n'));
  const blocks: DraftBlock[] = [];
  for (const block of document.children) {
    if (block.type === 'image') {
      const found = pictures.get(block.mediaId) ?? codes.get(block.mediaId);
      if (found) blocks.push(found);
      continue;
    }
    blocks.push(block);
  }
  return { blocks, notes };
}
