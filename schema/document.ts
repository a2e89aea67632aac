// The article's text as a structured document (format version 1): typed nodes, never HTML. The worker validates
// every write with `articleDocument`, the SPA's editor writes it, and one renderer
// (web/components/rich-text/document-renderer.tsx) turns it into React elements. Decision 027.
import * as z from 'zod/mini';

/** Bounds of a document's contents (its shape's are SHAPE_LIMITS, document-input.ts): 400 naming the path. */
export const DOCUMENT_LIMITS = {
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
    z.refine(isSafeHref, 'Expected an http, https or mailto address'),
  );
/** The id of one of the article's media (the save checks it is one of this article's). */
const mediaId = z.uuid();

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

/** The document's shape: what the API answers (the client parses articles with it). */
export const documentObject = z.strictObject({
  version: z.literal(DOCUMENT_VERSION),
  children: z.array(blockNode),
});
