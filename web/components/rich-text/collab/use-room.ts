// The co-editing room of the article form and of an article translation's form (decision 051): every form of an
// existing article (or translation) opens its room, for everyone who may edit the article (the upgrade checks it). The form edits alone, exactly as before rooms,
// until the room's document arrived; then its editor, title and teaser join the room, unless the person has already
// changed one of them meanwhile (offline at load, a room slow to answer): their text cannot be merged into the
// room's, so that form stays alone for good and saves through its versioned Save (the room takes the save in as
// their change). A room that cannot be reached leaves the form alone, with its status (reconnecting, offline) shown.
import { useEffect, useRef, useState } from 'react';
import { colourOf } from '#schema/presence';
import { roomUrl, type RoomConnection } from './room-handle';

/** Waiting for the room's document (editing alone meanwhile), in it, or alone for good. */
export type RoomMode = 'waiting' | 'joined' | 'alone';

interface Person {
  id: string;
  name: string;
}

/**
 * Opens the article's room (its code loads on demand) and tells when the form joins it. `touched` says whether the
 * person changed a shared field (title, teaser, text) since the form opened; `onJoin` reloads the editor in the room.
 * `lang`: a translation's room (its language); none is the article's own.
 */
export function useArticleRoom(
  articleId: string | undefined,
  user: Person | null | undefined,
  touched: () => boolean,
  onJoin: () => void,
  lang?: string,
): { connection: RoomConnection | null; mode: RoomMode } {
  const [connection, setConnection] = useState<RoomConnection | null>(null);
  const [mode, setMode] = useState<RoomMode>('waiting');
  const latest = useRef({ touched, onJoin });
  useEffect(() => {
    latest.current = { touched, onJoin };
  });
  const userId = user?.id;
  const name = user?.name;
  useEffect(() => {
    if (!articleId || !userId || name === undefined) return;
    let left = false;
    let made: RoomConnection | null = null;
    import('#web/components/rich-text/collab/connection').then(
      (m) => {
        if (left) return;
        made = m.openRoomConnection(roomUrl(articleId, lang), name, colourOf(userId));
        setConnection(made);
      },
      // Its code cannot be loaded (offline since before the form opened): the form edits alone.
      () => undefined,
    );
    return () => {
      left = true;
      made?.destroy();
      setConnection(null);
      setMode('waiting');
    };
  }, [articleId, userId, name, lang]);
  useEffect(() => {
    if (!connection || mode !== 'waiting') return;
    let decided = false;
    const check = () => {
      if (decided || !connection.handle.ready()) return;
      decided = true;
      if (latest.current.touched()) {
        connection.destroy();
        setMode('alone');
      } else {
        setMode('joined');
        latest.current.onJoin();
      }
    };
    check();
    return connection.handle.subscribe(check);
  }, [connection, mode]);
  return { connection, mode };
}
