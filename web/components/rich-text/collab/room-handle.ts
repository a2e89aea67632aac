// What the article form sees of its co-editing room, without loading Yjs itself (the form imports this file's
// types only; connection.ts, loaded on demand, makes the handle): the status, who is in the room, and the shared
// title and teaser (decision 051).
import type { EndReason, RoomProvider, RoomStatus } from './provider';

export type { EndReason, RoomStatus };

/** One person in the room (a browser tab: its awareness client), with the name and colour the room gave them. */
export interface RoomPerson {
  clientId: number;
  name: string;
  colour: string;
  self: boolean;
}

/** The shared plain-text fields (Y.Text named so in the room's document, worker/collab/lexical-yjs.ts). */
export type SharedField = 'title' | 'teaser';

export interface CollabRoomHandle {
  status(): RoomStatus;
  endReason(): EndReason | null;
  /** Whether the document has been synced with the room once (before that, its fields are not the article's). */
  ready(): boolean;
  people(): RoomPerson[];
  text(field: SharedField): string;
  /** Makes the field `value` with the smallest change (the common start and end kept). */
  setText(field: SharedField, value: string): void;
  /** Calls `cb` on any change of the above; returns the unsubscribe. */
  subscribe(cb: () => void): () => void;
}

/** The form's open room: what the form reads (`handle`) and what the editor's binding joins (`provider`). */
export interface RoomConnection {
  readonly provider: RoomProvider;
  readonly handle: CollabRoomHandle;
  /** The person's name and colour (their cursor's label in the others' editors). */
  readonly name: string;
  readonly colour: string;
  /** Leaves the room for good (the socket, the presence). */
  destroy(): void;
}

/** Where the room of an article (and content language) is reached. */
export function roomUrl(articleId: string, lang?: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : '';
  return `${scheme}://${location.host}/api/articles/${encodeURIComponent(articleId)}/collab${query}`;
}
