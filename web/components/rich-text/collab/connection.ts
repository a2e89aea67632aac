// The article form's connection to its co-editing room (decision 051), made when an existing article's form opens:
// the form shows the room's status (connecting, live, reconnecting, offline) from the start, and its editor joins
// the room once the room's document arrived (collab-plugin.tsx takes the document over). Until then, and for good
// when the room cannot be reached, the form edits alone as before rooms. Loaded on demand, with Yjs: the form
// imports this file's types only (room-handle.ts).
import * as Y from 'yjs';
import { RoomProvider } from './provider';
import type { CollabRoomHandle, RoomConnection, RoomPerson, SharedField } from './room-handle';

const SHARED: readonly SharedField[] = ['title', 'teaser'];

/** Opens the room at `url` (its socket, retried while it cannot be reached) for a person of that name and colour. */
export function openRoomConnection(url: string, name: string, colour: string): RoomConnection {
  const provider = new RoomProvider(new Y.Doc(), url);
  provider.connect();
  return { provider, name, colour, handle: handleOf(provider), destroy: () => provider.destroy() };
}

function handleOf(provider: RoomProvider): CollabRoomHandle {
  const { awareness } = provider;
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
        people.push({ clientId, name: state.name, colour, self: clientId === provider.doc.clientID });
      }
      return people;
    },
    text: (field) => provider.doc.getText(field).toJSON(),
    setText: (field, value) => replaceText(provider.doc.getText(field), value),
    subscribe: (cb) => {
      // The shared fields of the document of the moment (the editor's binding takes it over when it joins).
      let texts: Y.Text[] = [];
      const observe = (doc: Y.Doc) => {
        for (const t of texts) t.unobserve(cb);
        texts = SHARED.map((f) => doc.getText(f));
        for (const t of texts) t.observe(cb);
      };
      const onDoc = (doc: Y.Doc) => {
        observe(doc);
        cb();
      };
      observe(provider.doc);
      provider.on('doc', onDoc);
      provider.on('room-status', cb);
      provider.on('sync', cb);
      awareness.on('change', cb);
      return () => {
        provider.off('doc', onDoc);
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
