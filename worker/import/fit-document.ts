// An imported document cut to what an article holds (DOCUMENT_LIMITS, SHAPE_LIMITS): blocks past the text or node
// bound are left out and the cut is noted, so nothing is dropped silently (decision 046).
import { DOCUMENT_LIMITS, type BlockNode } from '#schema/document';
import { SHAPE_LIMITS } from '#schema/document-input';

function measure(value: unknown): { text: number; nodes: number } {
  let text = 0;
  let nodes = 0;
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (v && typeof v === 'object') {
      nodes += 1;
      const o = v as Record<string, unknown>;
      if (typeof o.text === 'string') text += o.text.length;
      if (typeof o.caption === 'string') text += o.caption.length;
      stack.push(...Object.values(o));
    }
  }
  return { text, nodes };
}

export function fitDocument(blocks: BlockNode[]): { blocks: BlockNode[]; notes: string[] } {
  const kept: BlockNode[] = [];
  let text = 0;
  let nodes = 1;
  let json = 30;
  for (const [i, block] of blocks.entries()) {
    const m = measure(block);
    const size = JSON.stringify(block).length + 1;
    if (
      text + m.text > DOCUMENT_LIMITS.text ||
      nodes + m.nodes > SHAPE_LIMITS.nodes ||
      json + size > SHAPE_LIMITS.json
    ) {
      return {
        blocks: kept,
        notes: [`text cut after ${text} characters: ${blocks.length - i} blocks past the article's limit left out`],
      };
    }
    text += m.text;
    nodes += m.nodes;
    json += size;
    kept.push(block);
  }
  return { blocks: kept, notes: [] };
}
