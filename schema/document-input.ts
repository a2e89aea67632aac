// A document as the API accepts it (schema/requests.ts): its depth and size are checked on the raw JSON before zod
// walks it, then its nodes, then its text's length. Apart from document.ts so the first visit, which only parses
// answers, does not load these checks.
import * as z from 'zod/mini';
import { DOCUMENT_LIMITS, documentObject, type ArticleDocument } from './document';

/** Bounds of a document's shape, checked on the raw JSON before zod walks it: 400 naming the path. */
export const SHAPE_LIMITS = {
  /** The document as JSON, in characters. */
  json: 200_000,
  /** Every node counted (blocks, list items, inline nodes). */
  nodes: 10_000,
  /** Objects and arrays inside one another, counted from the document itself (a list nested 5 deep is ~22). */
  depth: 32,
  /** Lists inside list items. */
  listNesting: 5,
} as const;

/**
 * Walks the raw JSON without recursion before zod sees it, so a hostile depth or size is refused with a clear
 * path instead of exhausting the stack. Returns the first problem.
 */
export function documentShapeProblem(value: unknown): { message: string; path: (string | number)[] } | null {
  const stack: { v: unknown; path: (string | number)[]; lists: number }[] = [{ v: value, path: [], lists: 0 }];
  let nodes = 0;
  while (stack.length) {
    const { v, path, lists } = stack.pop()!;
    if (path.length > SHAPE_LIMITS.depth)
      return { message: `Too deep: a document nests at most ${SHAPE_LIMITS.depth} levels`, path };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: [...path, i], lists }));
    } else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.type === 'string') nodes++;
      if (nodes > SHAPE_LIMITS.nodes)
        return { message: `Too big: a document has at most ${SHAPE_LIMITS.nodes} nodes`, path };
      const nested = o.type === 'list' ? lists + 1 : lists;
      if (nested > SHAPE_LIMITS.listNesting)
        return { message: `Too deep: lists nest at most ${SHAPE_LIMITS.listNesting} levels`, path };
      for (const [k, child] of Object.entries(o)) stack.push({ v: child, path: [...path, k], lists: nested });
    }
  }
  let json: string;
  try {
    json = JSON.stringify(value) ?? '';
  } catch {
    return { message: 'Expected a JSON document', path: [] };
  }
  if (json.length > SHAPE_LIMITS.json)
    return { message: `Too big: a document has at most ${SHAPE_LIMITS.json} characters of JSON`, path: [] };
  return null;
}

/** A document as the API accepts it: shape bounds first, then the node schemas, then the plain text's length. */
export const articleDocument: z.ZodMiniType<ArticleDocument> = z.pipe(
  z.unknown().check(
    z.superRefine((value, ctx) => {
      const problem = documentShapeProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path, input: value });
    }),
  ),
  documentObject.check(
    // Always counted (one walk of at most SHAPE_LIMITS.nodes nodes): the JSON's length says nothing of the text's,
    // a document of many short text nodes holds twice the bound in under twice its JSON.
    z.refine((doc) => textLength(doc) <= DOCUMENT_LIMITS.text, {
      message: `Too big: the text has at most ${DOCUMENT_LIMITS.text} characters`,
    }),
  ),
);

/** About the length of the document's text (its text nodes and captions): the bound of DOCUMENT_LIMITS.text. */
function textLength(value: unknown): number {
  let n = 0;
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.text === 'string') n += o.text.length;
      if (typeof o.caption === 'string') n += o.caption.length;
      stack.push(...Object.values(o));
    }
  }
  return n;
}
