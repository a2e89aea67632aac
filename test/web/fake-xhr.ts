// XMLHttpRequest (the transport of the gallery's uploads, for their progress) faked for the web tests: the
// browser's upload events are the outside world. Each request is recorded with its JSON body and file parts; the
// answer waits until the test releases it.
import { vi } from 'vitest';

export interface Sent {
  method: string;
  path: string;
  json: { images: { imageFileTag: string; title: string }[] };
  files: string[];
}

/** What POST .../media/images answers of the entries it created: `ids` in the order of the request's images. */
export const addedOf = (sent: Sent, ...ids: string[]) =>
  ids.map((id, i) => ({ id, imageFileTag: sent.json.images[i]!.imageFileTag }));

/**
 * What every fake XMLHttpRequest here has: the parts the upload code reads and sets, and an answer in the API's
 * envelope. A test's own fake (another upload's transport) extends it with its `send`.
 */
export class XhrShape {
  method = '';
  url = '';
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  protected aborted = false;
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** Ends the request with `status` and the envelope around `result`. */
  protected answer(status: number, result: unknown, message = 'OK') {
    this.status = status;
    this.responseText = JSON.stringify({ code: status, message, result });
    this.onload?.();
  }
}

/** XMLHttpRequest answering the gallery upload with `answer` (or failing with `status`), progress in two steps. */
export function fakeXhr(answer: (sent: Sent) => { status: number; result?: unknown; message?: string }) {
  const sent: Sent[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  class FakeXhr extends XhrShape {
    send(body: FormData) {
      const req: Sent = {
        method: this.method,
        path: new URL(this.url).pathname,
        json: JSON.parse(body.get('body') as string) as Sent['json'],
        files: [...body.keys()].filter((k) => k.startsWith('blob:')),
      };
      sent.push(req);
      void (async () => {
        this.upload.onprogress?.({ loaded: 40, total: 100, lengthComputable: true });
        // The test lets the upload finish when it has seen its progress.
        await held;
        if (this.aborted) return;
        const a = answer(req);
        this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
        this.answer(a.status, a.result ?? null, a.message);
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, release: () => release() };
}
