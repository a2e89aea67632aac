// The web tests' WebSocket: one that never reaches its server, as a browser's does when the host has no socket
// there or the network is down (happy-dom's own would really dial the address). It opens nothing and reports, a
// moment later, the error and the abnormal close (1006) a browser reports. The article form's co-editing room
// (decision 051) is then in the state a person offline meets: the form edits alone and says so.
export const dialled: string[] = [];

export class UnreachableWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType: 'blob' | 'arraybuffer' = 'blob';
  readonly protocol = '';
  readonly extensions = '';
  readonly bufferedAmount = 0;
  readonly url: string;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;

  constructor(url: string | URL) {
    super();
    const parsed = new URL(url);
    if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') throw new SyntaxError(`Not a WebSocket URL: ${url}`);
    this.url = parsed.href;
    dialled.push(this.url);
    setTimeout(() => this.fail(), 0);
  }

  private fail(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    const error = new Event('error');
    this.onerror?.(error);
    this.dispatchEvent(error);
    const close = new CloseEvent('close', { code: 1006, reason: '', wasClean: false });
    this.onclose?.(close);
    this.dispatchEvent(close);
  }

  send(): void {
    throw new DOMException('Still in CONNECTING state.', 'InvalidStateError');
  }

  close(): void {
    this.fail();
  }
}
