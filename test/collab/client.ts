// A Yjs client of a co-editing room over the y-websocket protocol (worker/collab/protocol.ts), for the worker tests
// (a workerd WebSocket) and the benchmark (Node's WebSocket): what the editor's provider will do, without the editor.
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as sync from 'y-protocols/sync';
import * as Y from 'yjs';
import {
  MESSAGE_AWARENESS,
  MESSAGE_SYNC,
  awarenessMessage,
  readAwareness,
  syncStep1,
  syncUpdate,
} from '#worker/collab/protocol';

/** What both WebSocket kinds offer. */
export interface SocketLike {
  send(data: Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'message', cb: (e: { data: unknown }) => void): void;
  addEventListener(type: 'close', cb: (e: { code: number; reason: string }) => void): void;
  readyState: number;
}

export class RoomClient {
  readonly doc: Y.Doc;
  /** Presence states as the room relayed them, by awareness client id. */
  readonly presence = new Map<number, Record<string, unknown> | null>();
  closed: { code: number; reason: string } | null = null;
  synced = false;
  private socket: SocketLike | null = null;
  private readonly listeners = new Set<() => void>();
  private clock = 0;

  constructor(doc = new Y.Doc()) {
    this.doc = doc;
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== this && this.socket?.readyState === 1)
        this.socket.send(syncUpdate(update) as Uint8Array<ArrayBuffer>);
    });
  }

  /** Takes an open socket: asks for what the room has and sends what it lacks. */
  attach(socket: SocketLike): this {
    this.socket = socket;
    this.closed = null;
    this.synced = false;
    socket.addEventListener('message', (e) => this.enqueue(e.data));
    socket.addEventListener('close', (e) => {
      void this.inbox.then(() => {
        this.closed = { code: e.code, reason: e.reason };
        this.notify();
      });
    });
    socket.send(syncStep1(this.doc) as Uint8Array<ArrayBuffer>);
    return this;
  }

  /** Messages in order: a Blob (workerd's and Node's default) is read before the next one is handled. */
  private inbox: Promise<void> = Promise.resolve();

  private enqueue(data: unknown): void {
    this.inbox = this.inbox.then(async () => {
      if (data instanceof Blob) this.receive(new Uint8Array(await data.arrayBuffer()));
      else if (ArrayBuffer.isView(data)) this.receive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      else this.receive(new Uint8Array(data as ArrayBuffer));
    });
  }

  private receive(bytes: Uint8Array): void {
    const decoder = decoding.createDecoder(bytes);
    const kind = decoding.readVarUint(decoder);
    if (kind === MESSAGE_SYNC) {
      const e = encoding.createEncoder();
      encoding.writeVarUint(e, MESSAGE_SYNC);
      const type = sync.readSyncMessage(decoder, e, this.doc, this);
      if (type === sync.messageYjsSyncStep2) this.synced = true;
      if (encoding.length(e) > 1) this.socket?.send(encoding.toUint8Array(e));
    } else if (kind === MESSAGE_AWARENESS) {
      for (const [id, p] of readAwareness(decoder)) this.presence.set(id, p.state);
    }
    this.notify();
  }

  /** Announces a presence state (the room puts the account's name and colour in). */
  announce(state: Record<string, unknown>): void {
    this.socket?.send(
      awarenessMessage(new Map([[this.doc.clientID, { clock: ++this.clock, state }]])) as Uint8Array<ArrayBuffer>,
    );
  }

  close(code = 1000): void {
    this.socket?.close(code, 'bye');
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Resolves once `check` holds (tested after every message), rejects after `ms`. */
  until(check: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`Timed out waiting for ${what}`));
      }, ms);
      const listener = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve();
      };
      this.listeners.add(listener);
    });
  }
}
