// The document (schema/document.ts) in and out of the Lexical editor. Out is also the paste clean-up's last word:
// whatever the editor holds, only the document's nodes, marks and safe links come out.
import { $createLinkNode, $isLinkNode } from '@lexical/link';
import {
  $createListItemNode,
  $createListNode,
  $isListItemNode,
  $isListNode,
  type ListNode as LexicalList,
} from '@lexical/list';
import { $createHorizontalRuleNode, $isHorizontalRuleNode } from '@lexical/react/LexicalHorizontalRuleNode';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import {
  $createLineBreakNode,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $isElementNode,
  $isLineBreakNode,
  $isParagraphNode,
  $isTextNode,
  type ElementNode,
  type LexicalNode,
} from 'lexical';
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
import { $createPictureNode, $createVideoNode, $isPictureNode, $isVideoNode } from './nodes';

// ---- in ----

function $text(t: TextNode) {
  const node = $createTextNode(t.text);
  if (t.bold) node.toggleFormat('bold');
  if (t.italic) node.toggleFormat('italic');
  if (t.code) node.toggleFormat('code');
  return node;
}

function $appendInlines(parent: ElementNode, inlines: readonly InlineNode[]) {
  for (const n of inlines) {
    if (n.type === 'break') parent.append($createLineBreakNode());
    else if (n.type === 'link') parent.append($createLinkNode(n.href).append(...n.children.map($text)));
    else parent.append($text(n));
  }
}

function $list(list: ListNode): LexicalList {
  const node = $createListNode(list.ordered ? 'number' : 'bullet');
  for (const item of list.items) {
    const li = $createListItemNode();
    node.append(li);
    for (const child of item.children) {
      if (child.type === 'paragraph') $appendInlines(li, child.children);
      // Lexical keeps a nested list in an item of its own, right after the item it belongs to.
      else node.append($createListItemNode().append($list(child)));
    }
  }
  return node;
}

function $block(b: BlockNode): LexicalNode {
  switch (b.type) {
    case 'paragraph': {
      const p = $createParagraphNode();
      $appendInlines(p, b.children);
      return p;
    }
    case 'heading': {
      const h = $createHeadingNode(`h${b.level}`);
      $appendInlines(h, b.children);
      return h;
    }
    case 'quote': {
      const q = $createQuoteNode();
      $appendInlines(q, b.children);
      return q;
    }
    case 'rule':
      return $createHorizontalRuleNode();
    case 'image':
      return $createPictureNode(b.mediaId, b.alt, b.caption ?? '');
    case 'video':
      return $createVideoNode(b.mediaId);
    case 'list':
      return $list(b);
  }
}

/** Replaces the editor's content with the document (inside editor.update). */
export function $loadDocument(doc: ArticleDocument) {
  const root = $getRoot();
  root.clear();
  const blocks = doc.children.map($block);
  if (blocks.length === 0) blocks.push($createParagraphNode());
  root.append(...blocks);
}

// ---- out ----

function textOf(node: LexicalNode): InlineNode[] {
  if ($isLineBreakNode(node)) return [{ type: 'break' }];
  if ($isTextNode(node)) {
    const text = node.getTextContent();
    if (!text) return [];
    const t: TextNode = { type: 'text', text };
    if (node.hasFormat('bold')) t.bold = true;
    if (node.hasFormat('italic')) t.italic = true;
    if (node.hasFormat('code')) t.code = true;
    return [t];
  }
  if ($isElementNode(node)) return node.getChildren().flatMap(textOf);
  const text = node.getTextContent();
  return text ? [{ type: 'text', text }] : [];
}

function inlinesOf(node: ElementNode): InlineNode[] {
  return node.getChildren().flatMap((child): InlineNode[] => {
    if ($isLinkNode(child)) {
      const texts = textOf(child).filter((t): t is TextNode => t.type === 'text');
      const href = child.getURL();
      // A link to anything but http, https or mailto keeps its words and loses the link.
      if (!isSafeHref(href)) return texts;
      return texts.length ? [{ type: 'link', href, children: texts }] : [];
    }
    if ($isListNode(child)) return [];
    return textOf(child);
  });
}

function listOf(node: LexicalList): ListNode | null {
  const items: ListItemNode[] = [];
  for (const li of node.getChildren()) {
    if (!$isListItemNode(li)) continue;
    const nested = li
      .getChildren()
      .filter($isListNode)
      .map(listOf)
      .filter((l): l is ListNode => !!l);
    const inlines = inlinesOf(li);
    const previous = items[items.length - 1];
    if (inlines.length === 0 && nested.length > 0 && previous) {
      previous.children.push(...nested);
      continue;
    }
    items.push({ type: 'listItem', children: [{ type: 'paragraph', children: inlines }, ...nested] });
  }
  return items.length ? { type: 'list', ordered: node.getListType() === 'number', items } : null;
}

function blockOf(node: LexicalNode): BlockNode[] {
  if ($isPictureNode(node))
    return [
      {
        type: 'image',
        mediaId: node.getMediaId(),
        alt: node.getAlt(),
        ...(node.getCaption() ? { caption: node.getCaption() } : {}),
      },
    ];
  if ($isVideoNode(node)) return [{ type: 'video', mediaId: node.getMediaId() }];
  if ($isHorizontalRuleNode(node)) return [{ type: 'rule' }];
  if ($isListNode(node)) {
    const list = listOf(node);
    return list ? [list] : [];
  }
  if (!$isElementNode(node)) {
    const text = node.getTextContent();
    return text ? [{ type: 'paragraph', children: [{ type: 'text', text }] }] : [];
  }
  const children = inlinesOf(node);
  if ($isHeadingNode(node)) {
    const level = Math.min(4, Math.max(2, Number(node.getTag().slice(1)))) as 2 | 3 | 4;
    return children.length ? [{ type: 'heading', level, children }] : [];
  }
  if ($isQuoteNode(node)) return children.length ? [{ type: 'quote', children }] : [];
  if ($isParagraphNode(node)) return children.length ? [{ type: 'paragraph', children }] : [];
  // Any other container (pasted ones included) keeps its text as a paragraph.
  return children.length ? [{ type: 'paragraph', children }] : [];
}

/** The editor's content as a document (inside editorState.read or editor.update). */
export function $readDocument(): ArticleDocument {
  return { version: DOCUMENT_VERSION, children: $getRoot().getChildren().flatMap(blockOf) };
}
