// The co-editing header of the article form and of an article translation's form (decision 051): whether the room
// is live, reconnecting or offline, and who is in it, each with their colour (the colour of their cursor in the
// text). Also the binding of the form's title and teaser to the room's shared ones. The room's handle comes from the
// editor's lazy chunk: nothing here loads Yjs (the forms import this file, not connection.ts).
import { useEffect, useReducer, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { Form } from '#web/components/screen-kit/use-form';
import type { CollabRoomHandle, SharedField } from './room-handle';
import type { RoomMode } from './use-room';
import './collab-bar.css';

const SHARED: readonly SharedField[] = ['title', 'teaser'];

/** Re-renders on every change of the room (status, presence, shared fields). */
function useRoom(room: CollabRoomHandle | null): void {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!room) return;
    tick(); // what changed between the render and this subscription (a socket that failed at once)
    return room.subscribe(tick);
  }, [room]);
}

/**
 * `mode`: waiting for the room's document (the form edits alone meanwhile: a room not reached yet says so), in the
 * room, or alone for good (the person changed the text before the room's document arrived; Save saves it).
 */
export function CollabBar({ room, mode }: { room: CollabRoomHandle | null; mode: RoomMode }) {
  const intl = useIntl();
  useRoom(room);
  if (mode === 'alone') {
    return (
      <div className="ws-collab" data-status="alone">
        <p className="ws-collab-status" role="status">
          <span className="ws-collab-dot" aria-hidden="true" />
          {intl.formatMessage({ id: 'ws.collab.alone' })}
        </p>
      </div>
    );
  }
  if (!room) return null;
  const status = room.status();
  const waiting = mode === 'waiting' && (status === 'reconnecting' || status === 'offline');
  const label =
    status === 'ended'
      ? intl.formatMessage({ id: `ws.collab.ended.${room.endReason() ?? 'refused'}` })
      : intl.formatMessage({ id: waiting ? `ws.collab.waiting.${status}` : `ws.collab.${status}` });
  const people = room.people();
  return (
    <div className="ws-collab" data-status={status}>
      <p className="ws-collab-status" role="status">
        <span className="ws-collab-dot" aria-hidden="true" />
        {label}
      </p>
      {people.length > 0 && (
        <ul className="ws-collab-people" aria-label={intl.formatMessage({ id: 'ws.collab.people' })}>
          {people.map((p) => (
            <li key={p.clientId} style={{ borderColor: p.colour }}>
              <span className="ws-collab-swatch" style={{ background: p.colour }} aria-hidden="true" />
              {p.self ? intl.formatMessage({ id: 'ws.collab.you' }, { name: p.name }) : p.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Keeps the form's title and teaser and the room's the same once the room's document arrived: a change typed in
 * the form goes into the room as the smallest edit, one from the room into the form. A value the form took from the
 * room is never sent back: by the time it renders the room may have moved on (the next keys of another person), and
 * sending it would undo those keys (their letters came back out of order).
 */
export function useSharedFields<V extends Record<SharedField, string>>(room: CollabRoomHandle | null, form: Form<V>) {
  const values = useRef(form.values);
  const setField = useRef(form.set);
  // The values the form was given from the room and has not rendered yet, oldest first, per field.
  const pulled = useRef<Record<SharedField, string[]>>({ title: [], teaser: [] });
  // The values of the last render, so that only a field that changed is looked at.
  const rendered = useRef<Record<SharedField, string>>({ title: form.values.title, teaser: form.values.teaser });
  useEffect(() => {
    values.current = form.values;
    setField.current = form.set;
  });
  useEffect(() => {
    if (!room) return;
    const pull = () => {
      if (!room.ready()) return;
      for (const field of SHARED) {
        const text = room.text(field);
        const queue = pulled.current[field];
        const latest = queue.length > 0 ? queue[queue.length - 1] : values.current[field];
        if (text === latest) continue;
        queue.push(text);
        setField.current(field, text);
      }
    };
    pull();
    return room.subscribe(pull);
  }, [room]);
  const { title, teaser } = form.values;
  useEffect(() => {
    const current: Record<SharedField, string> = { title, teaser };
    for (const field of SHARED) {
      if (current[field] === rendered.current[field]) continue;
      rendered.current[field] = current[field];
      const queue = pulled.current[field];
      const at = queue.indexOf(current[field]);
      // From the room: it and every older value it passed are rendered; nothing to send.
      if (at >= 0) queue.splice(0, at + 1);
      else {
        // Typed here, after every value still queued (those were applied before the key): they are stale.
        queue.length = 0;
        if (room?.ready()) room.setText(field, current[field]);
      }
    }
  }, [room, title, teaser]);
}
