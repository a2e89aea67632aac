// The article's text as a structured document (format version 1): typed nodes, never HTML. The worker validates
// every write with `articleDocument`, the SPA's editor writes it, and one renderer
// (web/components/rich-text/document-renderer.tsx) turns it into React elements. Decision 027.
import * as z from 'zod/mini';

/** Bounds of one document: refused beyond them with a 400 naming the path. */
export const DOCUMENT_LIMITS = {
  /** The document as JSON, in characters. */
  json: 200_000,
  /** Every node counted (blocks, list items, inline nodes). */
  nodes: 10_000,
  /** Objects and arrays inside one another, counted from the document itself (a list nested 6 deep is ~15). */
  depth: 32,
  /** Lists inside list items. */
  listNesting: 5,
  /** The plain text (description), the same bound as a plain description. */
  text: 20_000,
  href: 2_000,
  alt: 300,
  caption: 500,
} as const;

export const DOCUMENT_VERSION = 1;

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Absolute http, https and mailto addresses only (no javascript:, data:, relative or protocol-relative ones). */
export function isSafeHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(href)) return false;
  try {
    return SAFE_PROTOCOLS.has(new URL(href).protocol);
  } catch {
    return false;
  }
}

const href = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(DOCUMENT_LIMITS.href),
    z.refine(isSafeHref, 'Expected an absolute http, https or mailto address'),
  );
const mediaId = z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Expected the id of one of the article’s media'));

export const textNode = z.strictObject({
  type: z.literal('text'),
  text: z.string().check(z.minLength(1), z.maxLength(DOCUMENT_LIMITS.text)),
  bold: z.optional(z.literal(true)),
  italic: z.optional(z.literal(true)),
  code: z.optional(z.literal(true)),
});
export const linkNode = z.strictObject({
  type: z.literal('link'),
  href,
  children: z.array(textNode).check(z.minLength(1)),
});
export const lineBreakNode = z.strictObject({ type: z.literal('break') });
export const inlineNode = z.discriminatedUnion('type', [textNode, linkNode, lineBreakNode]);
const inlines = z.array(inlineNode);

export const paragraphNode = z.strictObject({ type: z.literal('paragraph'), children: inlines });
export const headingNode = z.strictObject({
  type: z.literal('heading'),
  level: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  children: inlines,
});
export const quoteNode = z.strictObject({ type: z.literal('quote'), children: inlines });
export const ruleNode = z.strictObject({ type: z.literal('rule') });
export const imageNode = z.strictObject({
  type: z.literal('image'),
  /** One of the article's gallery images (GET /articles/{id} media.images[].id). */
  mediaId,
  alt: z.string().check(z.maxLength(DOCUMENT_LIMITS.alt)),
  caption: z.optional(z.string().check(z.maxLength(DOCUMENT_LIMITS.caption))),
});
export const videoNode = z.strictObject({
  type: z.literal('video'),
  /** One of the article's videos (media.videos[].id). */
  mediaId,
});

export const listItemNode = z.strictObject({
  type: z.literal('listItem'),
  get children(): z.ZodMiniArray<z.ZodMiniDiscriminatedUnion<[typeof paragraphNode, typeof listNode]>> {
    return z.array(z.discriminatedUnion('type', [paragraphNode, listNode]));
  },
});
export const listNode = z.strictObject({
  type: z.literal('list'),
  ordered: z.boolean(),
  get items(): z.ZodMiniArray<typeof listItemNode> {
    return z.array(listItemNode).check(z.minLength(1));
  },
});
export type ListItemNode = z.infer<typeof listItemNode>;
export type ListNode = z.infer<typeof listNode>;

export const blockNode = z.discriminatedUnion('type', [
  paragraphNode,
  headingNode,
  quoteNode,
  ruleNode,
  imageNode,
  videoNode,
  listNode,
]);

export type TextNode = z.infer<typeof textNode>;
export type LinkNode = z.infer<typeof linkNode>;
export type InlineNode = z.infer<typeof inlineNode>;
export type ParagraphNode = z.infer<typeof paragraphNode>;
export type HeadingNode = z.infer<typeof headingNode>;
export type ImageNode = z.infer<typeof imageNode>;
export type VideoNode = z.infer<typeof videoNode>;
export type BlockNode = z.infer<typeof blockNode>;
export interface ArticleDocument {
  version: typeof DOCUMENT_VERSION;
  children: BlockNode[];
}

/**
 * Walks the raw JSON without recursion before zod sees it, so a hostile depth or size is refused with a clear
 * path instead of exhausting the stack. Returns the first problem.
 */
export function documentShapeProblem(value: unknown): { message: string; path: (string | number)[] } | null {
  const stack: { v: unknown; path: (string | number)[]; lists: number }[] = [{ v: value, path: [], lists: 0 }];
  let nodes = 0;
  while (stack.length) {
    const { v, path, lists } = stack.pop()!;
    if (path.length > DOCUMENT_LIMITS.depth)
      return { message: `Too deep: a document nests at most ${DOCUMENT_LIMITS.depth} levels`, path };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: [...path, i], lists }));
    } else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.type === 'string') nodes++;
      if (nodes > DOCUMENT_LIMITS.nodes)
        return { message: `Too big: a document has at most ${DOCUMENT_LIMITS.nodes} nodes`, path };
      const nested = o.type === 'list' ? lists + 1 : lists;
      if (nested > DOCUMENT_LIMITS.listNesting)
        return { message: `Too deep: lists nest at most ${DOCUMENT_LIMITS.listNesting} levels`, path };
      for (const [k, child] of Object.entries(o)) stack.push({ v: child, path: [...path, k], lists: nested });
    }
  }
  let json: string;
  try {
    json = JSON.stringify(value) ?? '';
  } catch {
    return { message: 'Expected a JSON document', path: [] };
  }
  if (json.length > DOCUMENT_LIMITS.json)
    return { message: `Too big: a document has at most ${DOCUMENT_LIMITS.json} characters of JSON`, path: [] };
  return null;
}

const documentObject = z.strictObject({
  version: z.literal(DOCUMENT_VERSION),
  children: z.array(blockNode),
});

/** A document as the API accepts it: shape bounds first, then the node schemas, then the plain text's length. */
export const articleDocument: z.ZodMiniType<ArticleDocument> = z.pipe(
  z.unknown().check(
    z.superRefine((value, ctx) => {
      const problem = documentShapeProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path, input: value });
    }),
  ),
  documentObject.check(
    z.refine((doc) => plainText(doc).length <= DOCUMENT_LIMITS.text, {
      message: `Too big: the text has at most ${DOCUMENT_LIMITS.text} characters`,
    }),
  ),
);

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
