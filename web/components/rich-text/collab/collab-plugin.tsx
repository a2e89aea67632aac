// Co-editing in the article editor: Lexical's CollaborationPlugin on the room's document (cursors and selections
// labelled with names, per-person undo through @lexical/yjs's undo manager), and the handle the form uses for
// presence, status, title and teaser. Its own chunk: editor.tsx loads it only for an article's room, so Yjs never
// reaches the public pages, the first visit or a new article's form (decision 051).
import { LexicalCollaboration } from '@lexical/react/LexicalCollaborationContext';
import { CollaborationPlugin } from '@lexical/react/LexicalCollaborationPlugin';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import type { Provider } from '@lexical/yjs';
import { useCallback, useEffect, useRef } from 'react';
import * as Y from 'yjs';
import { RoomProvider } from './provider';
import type { CollabRoomHandle, RoomPerson, SharedField } from './room-handle';

/** The name of the shared document inside the room's Yjs doc (one room per article and language). */
const DOCUMENT_ID = 'article';

export interface CollabPluginProps {
  url: string;
  name: string;
  colour: string;
  onRoom: (room: CollabRoomHandle | null) => void;
}

export default function CollabPlugin({ url, name, colour, onRoom }: CollabPluginProps) {
  const [editor] = useLexicalComposerContext();
  const provider = useRef<RoomProvider | null>(null);
  const factory = useCallback(
    (id: string, docs: Map<string, Y.Doc>): Provider => {
      let doc = docs.get(id);
      if (!doc) docs.set(id, (doc = new Y.Doc()));
      provider.current?.destroy();
      const made = new RoomProvider(doc, url);
      provider.current = made;
      // Nothing is typed before the room's document arrived: the editor starts empty and takes the room's.
      editor.setEditable(false);
      let ready = false;
      const follow = () => editor.setEditable(ready && made.status !== 'ended');
      made.on('sync', (synced: boolean) => {
        if (synced) ready = true;
        follow();
      });
      made.on('room-status', follow);
      onRoom(handleOf(made));
      return made.asLexicalProvider();
    },
    [url, editor, onRoom],
  );
  useEffect(
    () => () => {
      provider.current?.destroy();
      provider.current = null;
      onRoom(null);
    },
    [onRoom],
  );
  return (
    <LexicalCollaboration>
      <CollaborationPlugin
        id={DOCUMENT_ID}
        providerFactory={factory}
        shouldBootstrap={false}
        username={name}
        cursorColor={colour}
      />
    </LexicalCollaboration>
  );
}

function handleOf(provider: RoomProvider): CollabRoomHandle {
  const { doc, awareness } = provider;
  let synced = false;
  provider.on('sync', (s: boolean) => {
    if (s) synced = true;
  });
  return {
    status: () => provider.status,
    endReason: () => provider.endReason,
    ready: () => synced,
    people: () => {
      const people: RoomPerson[] = [];
      for (const [clientId, state] of awareness.getStates()) {
        if (typeof state.name !== 'string') continue;
        const colour = typeof state.color === 'string' ? state.color : '#666';
        people.push({ clientId, name: state.name, colour, self: clientId === doc.clientID });
      }
      return people;
    },
    text: (field) => doc.getText(field).toJSON(),
    setText: (field, value) => replaceText(doc.getText(field), value),
    subscribe: (cb) => {
      const texts = (['title', 'teaser'] satisfies SharedField[]).map((f) => doc.getText(f));
      provider.on('room-status', cb);
      provider.on('sync', cb);
      awareness.on('change', cb);
      for (const t of texts) t.observe(cb);
      return () => {
        provider.off('room-status', cb);
        provider.off('sync', cb);
        awareness.off('change', cb);
        for (const t of texts) t.unobserve(cb);
      };
    },
  };
}

/** Replaces what changed between the text and `value` (between their common start and end). */
function replaceText(text: Y.Text, value: string): void {
  const old = text.toJSON();
  if (old === value) return;
  let start = 0;
  while (start < old.length && start < value.length && old[start] === value[start]) start++;
  let end = 0;
  while (
    end < old.length - start &&
    end < value.length - start &&
    old[old.length - 1 - end] === value[value.length - 1 - end]
  )
    end++;
  text.doc!.transact(() => {
    if (old.length - start - end > 0) text.delete(start, old.length - start - end);
    if (value.length - start - end > 0) text.insert(start, value.slice(start, value.length - end));
  });
}
