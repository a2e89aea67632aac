// Typed domain errors: queries and services throw them, app.onError turns them into envelopes.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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
export class BadRequest extends HttpError {
  constructor(message = 'Bad request') {
    super(400, message);
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message = 'Conflict') {
    super(409, message);
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
