// What every MCP tool shares: its answer as text, and the API's refusals as tool errors the model can read.
import * as z from 'zod';
import { LIMITS } from '#schema/limits';
import type { Article } from '#schema/entities';
import { documentToMarkdown } from '#schema/document-markdown';
import { ApiRefusal } from './api';

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  isError?: boolean;
}

/** A page of a list, as the API answers it. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A tool's answer: the value as indented JSON (what models read best beside prose). */
export const answer = (value: unknown): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});

/** A refusal the model can act on: the tool's own words, or the API's status and message. */
export class ToolRefusal extends Error {}

/**
 * Runs a tool: an API refusal (400, 403, 404, 409, 429, ...) becomes a tool error with the API's own message, so the
 * model sees why (a stale version, a missing right); anything unexpected is logged and answered without internals.
 */
export async function run(fn: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ApiRefusal) return refusal(`Refused (HTTP ${error.status}): ${error.message}`);
    if (error instanceof ToolRefusal) return refusal(error.message);
    console.error({ message: 'MCP tool failed', error: String(error), stack: (error as Error)?.stack ?? null });
    return refusal('Internal error');
  }
}

const refusal = (text: string): ToolResult => ({ isError: true, content: [{ type: 'text', text }] });

// ---- input pieces ----

export const idInput = z.uuid().describe('The id (UUID) of the item');
export const articleRef = z
  .string()
  .min(1)
  .max(300)
  .describe('The article: its id (UUID) or its slug, as get_article, search and list_my_articles name it');
export const pageInput = {
  cursor: z.string().max(100).optional().describe('The `nextCursor` of the previous page; omit for the first page'),
  limit: z.number().int().min(1).max(LIMITS.listItems).optional().describe('Items per page (default 20)'),
};

// ---- output pieces ----

/** An article's fields with its text as Markdown instead of the document (and without the plain-text copy). */
export function articleForModel(a: Article) {
  const { body, description: _plain, media, ...fields } = a;
  return {
    ...fields,
    media:
      media?.kind === 'gallery'
        ? { kind: 'gallery', images: media.images.map((i) => ({ id: i.id, title: i.title })) }
        : media?.kind === 'video'
          ? { kind: 'video', videos: media.videos.map((v) => ({ id: v.id, title: v.title })) }
          : null,
    text: documentToMarkdown(body),
  };
}
