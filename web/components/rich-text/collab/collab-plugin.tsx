// Co-editing in the article editor: Lexical's CollaborationPlugin on the room's document (cursors and selections
// labelled with names, per-person undo through @lexical/yjs's undo manager). The form opened the room already
// (connection.ts) and mounts this once the room's document arrived: the binding takes that document over. Its own
// chunk: editor.tsx loads it only for an article's room, so Yjs never reaches the public pages, the first visit or
// a new article's form (decision 051).
import { LexicalCollaboration } from '@lexical/react/LexicalCollaborationContext';
import { CollaborationPlugin } from '@lexical/react/LexicalCollaborationPlugin';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import type { Provider } from '@lexical/yjs';
import { useCallback, useEffect } from 'react';
import * as Y from 'yjs';
import type { RoomConnection } from './room-handle';

/** The name of the shared document inside the room's Yjs doc (one room per article and language). */
const DOCUMENT_ID = 'article';

export interface CollabPluginProps {
  connection: RoomConnection;
}

export default function CollabPlugin({ connection }: CollabPluginProps) {
  const [editor] = useLexicalComposerContext();
  const { provider } = connection;
  const factory = useCallback(
    (id: string, docs: Map<string, Y.Doc>): Provider => {
      // A new document for the binding, which the provider fills with the room's when Lexical connects it.
      const doc = new Y.Doc();
      docs.set(id, doc);
      provider.adopt(doc);
      return provider.asLexicalProvider();
    },
    [provider],
  );
  // A room that ended (rights gone, the article deleted) leaves the text as it is, read-only.
  useEffect(() => {
    const follow = () => editor.setEditable(provider.status !== 'ended');
    follow();
    provider.on('room-status', follow);
    return () => provider.off('room-status', follow);
  }, [editor, provider]);
  return (
    <LexicalCollaboration>
      <CollaborationPlugin
        id={DOCUMENT_ID}
        providerFactory={factory}
        shouldBootstrap={false}
        username={connection.name}
        cursorColor={connection.colour}
      />
    </LexicalCollaboration>
  );
}
