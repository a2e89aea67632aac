// What the rest of the app may know about API failures without loading the client (and zod) itself.

/** A field the server refused: `path` to it, a stable `code` to translate (docs/decisions/043-structured-errors.md). */
export interface ApiIssue {
  readonly path: readonly (string | number)[];
  readonly code: string;
  /** The server's English words, for logs and developers: screens show their own sentence by `code`. */
  readonly message: string;
}

/**
 * Every failed call ends in one of these: `code` is the HTTP-like status (400 for transport failures), `issues` the
 * fields the server refused (its envelope's `result.issues`). The message is the server's English: screens show
 * a translated sentence by code and issue (web/components/error-text.ts), never the message itself.
 */
export class ApiError extends Error {
  readonly code: number;
  /** True when the request never got an answer (no connection, the server unreachable, aborted): worth sending again. */
  readonly transport: boolean;
  readonly issues: readonly ApiIssue[];
  constructor(code: number, message: string, transport = false, issues: readonly ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.transport = transport;
    this.issues = issues;
  }
}

/** A refusal a screen has already put into the person's words (its message is shown as it is). */
export class ShownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShownError';
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The session listens here: a 401 means the server no longer knows the stored user. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function reportUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}
