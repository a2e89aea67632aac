// Typed domain errors: queries and services throw them, app.onError turns them into envelopes. A refusal that
// concerns fields carries `issues` (docs/decisions/043-structured-errors.md): the envelope's result is
// `{ issues: [{ path, code, message }] }`, which clients map to their fields by path and translate by code.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldIssue } from '#schema/entities';

export type { FieldIssue };

/** One issue of a field: `path` a key or its dotted path ('body.children.2.mediaId'), `code` stable. */
export function issue(path: string | readonly (string | number)[], code: string, message: string): FieldIssue {
  const parts = typeof path === 'string' ? path.split('.').filter(Boolean) : path;
  return { path: parts.map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p)), code, message };
}

/** The envelope's message of a validation error, as the SPEC writes it: `Validation error: {message} at "{path}"; ...`. */
export function validationMessage(issues: readonly FieldIssue[]): string {
  return 'Validation error: ' + issues.map((i) => `${i.message} at "${i.path.map(String).join('.')}"`).join('; ');
}

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers?: Record<string, string>,
    /** What the envelope's `result` carries (null when absent): e.g. `{challenge: 'turnstile'}`. */
    readonly result?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
/** 400: every one carries `issues` (empty when the refusal concerns no field, e.g. a malformed cursor). */
export class BadRequest extends HttpError {
  constructor(message = 'Bad request', issues: readonly FieldIssue[] = []) {
    super(400, message, undefined, { issues });
  }
}
/** 400 for fields: the message is the validation error's, made from the issues. */
export class InvalidInput extends BadRequest {
  constructor(readonly issues: readonly FieldIssue[]) {
    super(validationMessage(issues), issues);
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'Forbidden', issues?: readonly FieldIssue[]) {
    super(403, message, undefined, issues && { issues });
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message = 'Conflict', issues?: readonly FieldIssue[]) {
    super(409, message, undefined, issues && { issues });
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message = 'Payload too large') {
    super(413, message);
  }
}
export class UnsupportedMediaType extends HttpError {
  constructor(message = 'Unsupported media type') {
    super(415, message);
  }
}
export class TooManyRequests extends HttpError {
  constructor(retryAfterSeconds: number, message = 'Too many requests', result?: unknown) {
    super(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) }, result);
  }
}
