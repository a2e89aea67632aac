// What the rest of the app may know about API failures without loading the client (and zod) itself.
/** Every failed call ends in one of these: `code` is the HTTP-like status (400 for transport failures). */
export class ApiError extends Error {
  readonly code: number;
  /** True when the request never got an answer (no connection, the server unreachable): worth sending again. */
  readonly transport: boolean;
  constructor(code: number, message: string, transport = false) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.transport = transport;
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
