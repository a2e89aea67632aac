// The one validator wrapper: every body, path and query check goes through here, so every failure is a 400 whose
// message reads `Validation error: {message} at "{path}"; ...` and whose result lists the same as
// `issues: [{ path, code, message }]` with zod's issue codes (docs/decisions/043-structured-errors.md).
import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import * as z from 'zod/mini';
import { en } from 'zod/locales';
import { decodeUtf8, invalidInput, mediaType } from '../lib/input';
import { UnsupportedMediaType } from '../lib/errors';
import { documented, type Schema } from '../lib/route-doc';

// The shared schemas (schema/) are written with zod/mini, which carries no messages of its own: zod's
// English locale, set here once for every schema of the worker, makes their default messages read 'Too big:
// expected string to have <=200 characters' and so on. The worker imports zod/mini only, never classic zod
// (`import { z } from 'zod'` keeps its every locale in the bundle: test/deploy).
z.config(en());

export type { Schema } from '../lib/route-doc';
export { decodeUtf8, fieldIssues, invalidInput, mediaType } from '../lib/input';

export const validate = <Target extends keyof ValidationTargets, T extends Schema>(target: Target, schema: T) =>
  documented(
    { [target]: schema, errors: [400] },
    zValidator(target, schema, (result) => {
      if (!result.success) throw invalidInput(result.error.issues);
    }),
  );

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Refuses anything but JSON with 415 before validating (Hono's json validator would silently see `{}`),
 * and JSON that is not UTF-8 with 400. The body is already bounded and buffered (worker/middleware/limits.ts); the validator
 * parses the same buffered bytes.
 */
export const requireJson: MiddlewareHandler = documented({ errors: [400, 415] }, async (c, next) => {
  if (!JSON_TYPE.test(mediaType(c.req.header('Content-Type')))) {
    throw new UnsupportedMediaType('Expected Content-Type application/json');
  }
  decodeUtf8(await c.req.arrayBuffer());
  await next();
});

export const jsonBody = <T extends Schema>(schema: T) => [requireJson, validate('json', schema)] as const;
export const params = <T extends Schema>(schema: T) => validate('param', schema);
export const query = <T extends Schema>(schema: T) => validate('query', schema);
