// The browser's end of a co-editing room (worker/collab, decision 051): a Yjs provider over the room's WebSocket in
// y-websocket's wire format (0 sync, 1 awareness), shaped as @lexical/yjs's Provider so that Lexical's
// CollaborationPlugin drives it. The document lives in memory: edits made while the socket is down stay in it and
// go to the room with the sync that opens the next socket (the room answers our state vector, we answer its).
// A room that closes with 4403 (rights ended) or 4404 (article gone) is not reconnected. The article form opens it
// before its editor joins (connection.ts); the editor's binding then takes the document over (`adopt`).
import type { Provider } from '@lexical/yjs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
/** WebSocket's OPEN (a constant, not read off the class: a page may have none). */
const OPEN = 1;
/** Close codes of the room (worker/collab/room.ts): these end the session for good. */
const FINAL_CLOSES = new Map([
  [4403, 'rights'],
  [4404, 'gone'],
  [4400, 'refused'],
]);

/** What the form shows: live, reconnecting (a socket lost), offline (the browser is), or ended for good. */
export type RoomStatus = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'ended';
export type EndReason = 'rights' | 'gone' | 'refused';

type Listener = (arg: never) => void;

export class RoomProvider {
  readonly awareness: awarenessProtocol.Awareness;
  status: RoomStatus = 'connecting';
  endReason: EndReason | null = null;
  private ws: WebSocket | null = null;
  private wanted = false;
  private synced = false;
  private attempts = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The editor binding's document, which takes this one over when the editor connects. */
  private next: Y.Doc | null = null;
  private destroyed = false;

  constructor(
    public doc: Y.Doc,
    private readonly url: string,
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
  }

  on(type: string, cb: Listener): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(cb);
  }

  off(type: string, cb: Listener): void {
    this.listeners.get(type)?.delete(cb);
  }

  private emit(type: string, arg: unknown): void {
    for (const cb of [...(this.listeners.get(type) ?? [])]) (cb as (a: unknown) => void)(arg);
  }

  connect(): void {
    this.wanted = true;
    if (this.next) {
      // The binding listens by now (Lexical connects after it observes its document): the document moves to it, and
      // the room's text fills the editor as a change from the room. Until now everything stayed on the old one, so
      // the form read the room's fields from a full document throughout.
      const next = this.next;
      this.next = null;
      next.clientID = this.doc.clientID;
      Y.applyUpdate(next, Y.encodeStateAsUpdate(this.doc), this);
      this.doc.off('update', this.onDocUpdate);
      this.doc = next;
      next.on('update', this.onDocUpdate);
      this.emit('doc', next);
    }
    this.open();
  }

  /**
   * Hands the document over to `next`, a new and empty one (the editor binding's), at the next `connect`: with the
   * same client id (presence and cursors keep naming this tab, and edits not yet sent keep their ids) and the same
   * content, so nothing is fetched again and nothing sent twice.
   */
  adopt(next: Y.Doc): void {
    if (next !== this.doc) this.next = next;
  }

  disconnect(): void {
    this.wanted = false;
    clearTimeout(this.retry);
    this.ws?.close(1000, 'Left');
    this.dropSocket();
  }

  /** Leaves for good: the socket, the presence and the listeners on window. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.disconnect();
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    this.doc.off('update', this.onDocUpdate);
    this.awareness.off('update', this.onAwarenessUpdate);
    this.awareness.destroy();
  }

  private setStatus(status: RoomStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.emit('status', { status: status === 'live' ? 'connected' : 'disconnected' });
    this.emit('room-status', status);
  }

  private open(): void {
    if (!this.wanted || this.ws || this.endReason) return;
    if (!navigator.onLine) return this.setStatus('offline');
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      // No socket can be made here (a page without a host, a refused address): no room at all.
      this.endReason = 'refused';
      return this.setStatus('ended');
    }
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    this.synced = false;
    ws.onopen = () => {
      this.attempts = 0;
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, MESSAGE_SYNC);
      syncProtocol.writeSyncStep1(e, this.doc);
      ws.send(encoding.toUint8Array(e));
      if (this.awareness.getLocalState()) this.sendAwareness([this.doc.clientID]);
    };
    ws.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (typeof event.data !== 'string') this.onMessage(ws, new Uint8Array(event.data));
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.dropSocket();
      const final = FINAL_CLOSES.get(event.code) as EndReason | undefined;
      if (final) {
        this.endReason = final;
        this.setStatus('ended');
        return;
      }
      this.schedule();
    };
  }

  /** The socket is gone: the others' presence with it; the document stays. */
  private dropSocket(): void {
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.onopen = ws.onmessage = ws.onclose = null;
    const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID);
    awarenessProtocol.removeAwarenessStates(this.awareness, others, this);
    if (this.synced) this.emit('sync', false);
    this.synced = false;
    if (!this.endReason) this.setStatus(navigator.onLine ? 'reconnecting' : 'offline');
  }

  private schedule(): void {
    clearTimeout(this.retry);
    if (!this.wanted || this.endReason || !navigator.onLine) return;
    const delay = Math.min(250 * 2 ** this.attempts++, 5_000);
    this.retry = setTimeout(() => this.open(), delay);
  }

  private onMessage(ws: WebSocket, data: Uint8Array): void {
    const decoder = decoding.createDecoder(data);
    const kind = decoding.readVarUint(decoder);
    if (kind === MESSAGE_SYNC) {
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, MESSAGE_SYNC);
      const step = syncProtocol.readSyncMessage(decoder, e, this.doc, this);
      if (encoding.length(e) > 1) ws.send(encoding.toUint8Array(e));
      if (step === syncProtocol.messageYjsSyncStep2 && !this.synced) {
        this.synced = true;
        this.setStatus('live');
        this.emit('sync', true);
      }
    } else if (kind === MESSAGE_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
    }
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this || !this.ws || this.ws.readyState !== OPEN) return; // sent with the next sync otherwise
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeUpdate(e, update);
    this.ws.send(encoding.toUint8Array(e));
  };

  private readonly onAwarenessUpdate = (
    changes: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    if (origin === this) return;
    this.sendAwareness([...changes.added, ...changes.updated, ...changes.removed]);
  };

  private sendAwareness(clients: number[]): void {
    if (!this.ws || this.ws.readyState !== OPEN) return;
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(this.awareness, clients));
    this.ws.send(encoding.toUint8Array(e));
  }

  private readonly onOffline = () => {
    this.ws?.close(1000, 'Offline');
    this.dropSocket();
  };

  private readonly onOnline = () => {
    this.attempts = 0;
    if (this.wanted && !this.endReason) this.setStatus('reconnecting');
    this.open();
  };

  /** As @lexical/yjs's Provider (its awareness is y-protocols', typed more loosely than Lexical's UserState). */
  asLexicalProvider(): Provider {
    return this as unknown as Provider;
  }
}
