// The room's wire format: y-websocket's, so any Yjs provider speaks it. A binary message starts with its kind
// (0 sync: y-protocols' step 1, step 2 and update; 1 awareness), then its content. Awareness updates are read and
// written here rather than with y-protocols' Awareness class, whose clean-up interval would keep a hibernating room
// awake; the room also rewrites every state's name and colour to the identity its socket was opened with.
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as sync from 'y-protocols/sync';
import type * as Y from 'yjs';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;

/** One client's presence as the awareness protocol carries it: its clock and its state (null once it left). */
export interface PresenceState {
  clock: number;
  state: Record<string, unknown> | null;
}

/** The sync message that asks the other side for what it has (our state vector). */
export function syncStep1(doc: Y.Doc): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  sync.writeSyncStep1(e, doc);
  return encoding.toUint8Array(e);
}

/** A document update as a sync message. */
export function syncUpdate(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  sync.writeUpdate(e, update);
  return encoding.toUint8Array(e);
}

/**
 * Applies a sync message to the document with `origin`; returns the answer to send back (step 2 for a step 1),
 * or null when there is none.
 */
export function readSync(decoder: decoding.Decoder, doc: Y.Doc, origin: unknown): Uint8Array | null {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  sync.readSyncMessage(decoder, e, doc, origin);
  return encoding.length(e) > 1 ? encoding.toUint8Array(e) : null;
}

/** The states of an awareness message (after its kind was read). */
export function readAwareness(decoder: decoding.Decoder): Map<number, PresenceState> {
  const update = decoding.readVarUint8Array(decoder);
  const d = decoding.createDecoder(update);
  const states = new Map<number, PresenceState>();
  const count = decoding.readVarUint(d);
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(d);
    const clock = decoding.readVarUint(d);
    const parsed = JSON.parse(decoding.readVarString(d)) as unknown;
    const state =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    states.set(clientId, { clock, state });
  }
  return states;
}

/** An awareness message carrying the given states. */
export function awarenessMessage(states: ReadonlyMap<number, PresenceState>): Uint8Array {
  const inner = encoding.createEncoder();
  encoding.writeVarUint(inner, states.size);
  for (const [clientId, { clock, state }] of states) {
    encoding.writeVarUint(inner, clientId);
    encoding.writeVarUint(inner, clock);
    encoding.writeVarString(inner, JSON.stringify(state));
  }
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(e, encoding.toUint8Array(inner));
  return encoding.toUint8Array(e);
}
