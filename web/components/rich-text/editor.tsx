// The article text editor (Lexical, decision 028): loaded only by the workspace's article form (body-field.tsx
// imports it lazily), never by the public pages. It edits the document of schema/document.ts: the nodes Lexical
// holds are limited to the document's (transforms below), pastes keep the allowed structure and drop the rest, and
// convert.ts writes the document out.
import { $insertGeneratedNodes } from '@lexical/clipboard';
import { $generateNodesFromDOM } from '@lexical/html';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { HorizontalRuleNode } from '@lexical/react/LexicalHorizontalRuleNode';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $createHeadingNode, HeadingNode, QuoteNode } from '@lexical/rich-text';
import { mergeRegister } from '@lexical/utils';
import {
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_HIGH,
  PASTE_COMMAND,
  TextNode,
  type LexicalEditor,
} from 'lexical';
import { lazy, Suspense, useEffect } from 'react';
import { isSafeHref, type ArticleDocument } from '#schema/document';
import type { CollabPluginProps } from './collab/collab-plugin';
import { $loadDocument, $readDocument } from './convert';
import { ArticlePictureNode, ArticleVideoNode, MediaContext, type EditorMedia } from './nodes';
import Toolbar from './toolbar';
import './editor.css';

const OTHER_FORMATS = [
  'underline',
  'strikethrough',
  'subscript',
  'superscript',
  'highlight',
  'lowercase',
  'uppercase',
  'capitalize',
] as const;

/** Co-editing (decision 051): its own chunk, loaded only when the form opens an article's room. */
const CollabPlugin = lazy(() => import('./collab/collab-plugin'));

/** Keeps the editor's nodes to the document's: no inline styles or other marks, headings of level 2 to 4. */
function registerCleanUp(editor: LexicalEditor) {
  return mergeRegister(
    editor.registerNodeTransform(TextNode, (node) => {
      if (node.getStyle()) node.setStyle('');
      for (const format of OTHER_FORMATS) if (node.hasFormat(format)) node.toggleFormat(format);
    }),
    editor.registerNodeTransform(HeadingNode, (node) => {
      const level = Number(node.getTag().slice(1));
      if (level >= 2 && level <= 4) return;
      const replacement = $createHeadingNode(level < 2 ? 'h2' : 'h4');
      replacement.append(...node.getChildren());
      node.replace(replacement);
    }),
    // Pasted HTML from a word processor or a web page: parsed by the nodes above (anything they do not know
    // becomes text), then cleaned by the transforms; scripts, styles and event attributes never become nodes.
    editor.registerCommand(
      PASTE_COMMAND,
      (event) => {
        const data = (event as ClipboardEvent).clipboardData;
        const html = data?.getData('text/html');
        if (!html) return false;
        event.preventDefault();
        editor.update(() => {
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return;
          const dom = new DOMParser().parseFromString(html, 'text/html');
          dom
            .querySelectorAll('script, style, noscript, template, iframe, object, embed, meta, link')
            .forEach((el) => el.remove());
          $insertGeneratedNodes(editor, $generateNodesFromDOM(editor, dom), selection);
        });
        return true;
      },
      COMMAND_PRIORITY_HIGH,
    ),
  );
}

function CleanUpPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => registerCleanUp(editor), [editor]);
  return null;
}

/** Hands the editor to a caller (tests, the form's restore). */
function EditorRef({ onReady }: { onReady?: ((editor: LexicalEditor) => void) | undefined }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => onReady?.(editor), [editor, onReady]);
  return null;
}

export interface RichTextEditorProps {
  id: string;
  label: string;
  /** The document the editor starts from (later changes of it are not followed: give a new key to reload). */
  value: ArticleDocument;
  onChange: (doc: ArticleDocument) => void;
  media: EditorMedia;
  describedBy?: string | undefined;
  invalid?: boolean;
  onReady?: (editor: LexicalEditor) => void;
  /** The article's co-editing room: the text is the room's (`value` is not loaded), undo is each person's own. */
  collab?: CollabPluginProps | undefined;
}

export default function RichTextEditor({
  id,
  label,
  value,
  onChange,
  media,
  describedBy,
  invalid,
  onReady,
  collab,
}: RichTextEditorProps) {
  const config: InitialConfigType = {
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
    onError: (error) => {
      throw error;
    },
    theme: {
      text: { bold: 'rte-bold', italic: 'rte-italic', code: 'rte-code' },
      heading: { h2: 'rte-h2', h3: 'rte-h3', h4: 'rte-h4' },
      quote: 'rte-quote',
      list: { ul: 'rte-ul', ol: 'rte-ol', listitem: 'rte-li', nested: { listitem: 'rte-nested' } },
      link: 'rte-link',
    },
    // In a room the document comes from the room (loading `value` too would double it).
    editorState: collab ? null : () => $loadDocument(value),
  };
  return (
    <MediaContext.Provider value={media}>
      <LexicalComposer initialConfig={config}>
        <div className="rte">
          <Toolbar editorId={id} />
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                id={id}
                className="rte-content"
                aria-label={label}
                aria-multiline
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
          {collab ? (
            <Suspense fallback={null}>
              <CollabPlugin {...collab} />
            </Suspense>
          ) : (
            <HistoryPlugin />
          )}
          <ListPlugin />
          <LinkPlugin validateUrl={isSafeHref} />
          <CleanUpPlugin />
          <EditorRef onReady={onReady} />
          <OnChangePlugin ignoreSelectionChange onChange={(state) => state.read(() => onChange($readDocument()))} />
        </div>
      </LexicalComposer>
    </MediaContext.Provider>
  );
}
