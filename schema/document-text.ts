// What is read from a document (schema/document.ts): its plain text, the paragraphs of text written before documents,
// the teaser fallback, the media it places and its headings' anchors. Apart from the schemas, so the first visit
// (which parses articles with them) does not load these.
import { DOCUMENT_VERSION, type ArticleDocument, type BlockNode, type InlineNode, type ListItemNode } from './document';

// ---- text of a document ----

const inlineText = (nodes: readonly InlineNode[]): string =>
  nodes.map((n) => (n.type === 'text' ? n.text : n.type === 'link' ? inlineText(n.children) : '\n')).join('');

function blockTexts(block: BlockNode | ListItemNode, out: string[]): void {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
    case 'quote':
      out.push(inlineText(block.children));
      return;
    case 'list':
      for (const item of block.items) blockTexts(item, out);
      return;
    case 'listItem':
      for (const child of block.children) blockTexts(child, out);
      return;
    case 'image':
      if (block.caption) out.push(block.caption);
      return;
    default:
      return;
  }
}

/**
 * The document's text, one block a paragraph, separated by blank lines: what `description` carries for API clients
 * that read text, and what the full-text index and the teaser fallback read.
 */
export function plainText(doc: ArticleDocument): string {
  const out: string[] = [];
  for (const block of doc.children) blockTexts(block, out);
  return out
    .map((t) => t.trim())
    .filter(Boolean)
    .join('\n\n');
}

/** Splits plain text into paragraphs at blank lines (how the article page showed descriptions before documents). */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * The document of an article written before documents existed: each paragraph of its text becomes a paragraph,
 * single line breaks inside one kept as breaks. Lossless for what the article page showed.
 */
export function documentFromText(text: string): ArticleDocument {
  return {
    version: DOCUMENT_VERSION,
    children: paragraphsOf(text).map((p) => ({
      type: 'paragraph' as const,
      children: p.split('\n').flatMap((line, i): InlineNode[] => {
        const parts: InlineNode[] = i > 0 ? [{ type: 'break' }] : [];
        if (line) parts.push({ type: 'text', text: line });
        return parts;
      }),
    })),
  };
}

/** The start of the text, cut at a word within `max` characters: the teaser and meta description fallback. */
export function textStart(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** The ids of the article's media a document places, by kind, with where each sits. */
export function placedMedia(doc: ArticleDocument): { kind: 'image' | 'video'; mediaId: string; index: number }[] {
  return doc.children.flatMap((b, index) =>
    b.type === 'image' || b.type === 'video' ? [{ kind: b.type, mediaId: b.mediaId, index }] : [],
  );
}

/** A heading's anchor: its text in lower case, letters and digits joined by "-" (numbered when repeated). */
export function headingAnchors(doc: ArticleDocument): Map<number, string> {
  const seen = new Map<string, number>();
  const anchors = new Map<number, string>();
  doc.children.forEach((b, index) => {
    if (b.type !== 'heading') return;
    const base =
      inlineText(b.children)
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'section';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    anchors.set(index, n === 1 ? base : `${base}-${n}`);
  });
  return anchors;
}
