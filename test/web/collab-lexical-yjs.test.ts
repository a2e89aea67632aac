// The room reads and writes Lexical's Yjs tree without Lexical (worker/collab/lexical-yjs.ts). Here the real binding
// (@lexical/yjs 0.52) with the editor's nodes and conversion proves both directions: what the editor writes, the
// room reads as the same document; what the room writes (a save from outside), the editor loads as that document.
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HorizontalRuleNode } from '@lexical/react/LexicalHorizontalRuleNode';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { createBinding, syncLexicalUpdateToYjs, syncYjsChangesToLexical, type Provider } from '@lexical/yjs';
import { createEditor, type LexicalEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ArticleDocument } from '#schema/document';
import { $loadDocument, $readDocument } from '#web/components/rich-text/convert';
import { ArticlePictureNode, ArticleVideoNode } from '#web/components/rich-text/nodes';
import { readShared, writeShared } from '#worker/collab/lexical-yjs';

const provider = {
  awareness: {
    getLocalState: () => null,
    getStates: () => new Map(),
    on: () => undefined,
    off: () => undefined,
    setLocalState: () => undefined,
    setLocalStateField: () => undefined,
  },
  connect: () => undefined,
  disconnect: () => undefined,
  on: () => undefined,
  off: () => undefined,
} as unknown as Provider;

/** A headless editor with the article editor's nodes, bound to `doc` both ways as the collaboration plugin binds. */
function boundEditor(doc: Y.Doc): LexicalEditor {
  const editor = createEditor({
    namespace: 'article',
    nodes: [
      HeadingNode,
      QuoteNode,
      ListNode,
      ListItemNode,
      LinkNode,
      HorizontalRuleNode,
      ArticlePictureNode,
      ArticleVideoNode,
    ],
    onError: (e) => {
      throw e;
    },
  });
  const binding = createBinding(editor, provider, 'article', doc, new Map([['article', doc]]));
  binding.root.getSharedType().observeDeep((events, transaction) => {
    if (transaction.origin !== binding) syncYjsChangesToLexical(binding, provider, events, false);
  });
  editor.registerUpdateListener(
    ({ prevEditorState, editorState, dirtyElements, dirtyLeaves, normalizedNodes, tags }) => {
      if (tags.has('collaboration')) return;
      syncLexicalUpdateToYjs(
        binding,
        provider,
        prevEditorState,
        editorState,
        dirtyElements,
        dirtyLeaves,
        normalizedNodes,
        tags,
      );
    },
  );
  return editor;
}

const read = (editor: LexicalEditor) => editor.getEditorState().read(() => $readDocument());

const mediaId = '0b1e8a52-4c39-4f43-9b7e-4d7a2b2b9a10';
const document: ArticleDocument = {
  version: 1,
  children: [
    {
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Plain, ' },
        { type: 'text', text: 'bold', bold: true },
        { type: 'text', text: ' and ', italic: true, code: true },
        { type: 'link', href: 'https://example.com/a', children: [{ type: 'text', text: 'a link' }] },
        { type: 'break' },
        { type: 'text', text: 'after a break' },
      ],
    },
    { type: 'heading', level: 3, children: [{ type: 'text', text: 'A heading' }] },
    { type: 'quote', children: [{ type: 'text', text: 'A quote' }] },
    {
      type: 'list',
      ordered: true,
      items: [
        {
          type: 'listItem',
          children: [
            { type: 'paragraph', children: [{ type: 'text', text: 'one' }] },
            {
              type: 'list',
              ordered: false,
              items: [
                { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'nested' }] }] },
              ],
            },
          ],
        },
        { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'two' }] }] },
      ],
    },
    { type: 'rule' },
    { type: 'image', mediaId, alt: 'A picture', caption: 'Its caption' },
    { type: 'video', mediaId },
  ],
};

describe("the room's reading and writing of Lexical's Yjs tree", () => {
  it('reads what the editor wrote as the same document', async () => {
    const doc = new Y.Doc();
    const editor = boundEditor(doc);
    editor.update(() => $loadDocument(document), { discrete: true });
    expect(read(editor)).toEqual(document);
    expect(readShared(doc).body).toEqual(document);
  });

  it('writes a document the editor loads as that document, and a later change only where it differs', async () => {
    const room = new Y.Doc();
    writeShared(room, { title: 'T', teaser: '', body: document }, 'outside');
    const doc = new Y.Doc();
    const editor = boundEditor(doc);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(room));
    await Promise.resolve();
    expect(read(editor)).toEqual(document);

    const changed: ArticleDocument = {
      ...document,
      children: [
        ...document.children.slice(0, 2),
        { type: 'paragraph', children: [{ type: 'text', text: 'New' }] },
        ...document.children.slice(3),
      ],
    };
    room.on('update', (u: Uint8Array) => Y.applyUpdate(doc, u));
    writeShared(room, { title: 'T', teaser: '', body: changed }, 'outside');
    await Promise.resolve();
    expect(read(editor)).toEqual(changed);
    expect(readShared(doc).body).toEqual(changed);
  });
});
