// The one validator wrapper: every body, path and query check goes through here,
// so every failure reads `Validation error: {message} at "{path}"; ...` with status 400.
import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import type { z } from 'zod';
import { BadRequest, UnsupportedMediaType } from './errors';

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return 'Validation error: ' + issues.map((i) => `${i.message} at "${i.path.map(String).join('.')}"`).join('; ');
}

export const validate = <Target extends keyof ValidationTargets, T extends z.ZodType>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw new BadRequest(formatIssues(result.error.issues));
  });

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Refuses anything but JSON with 415 before validating: Hono's json validator would silently see `{}`. */
export const requireJson: MiddlewareHandler = async (c, next) => {
  if (!JSON_TYPE.test(mediaType(c.req.header('Content-Type')))) {
    throw new UnsupportedMediaType('Expected Content-Type application/json');
  }
  await next();
};

export const jsonBody = <T extends z.ZodType>(schema: T) => [requireJson, validate('json', schema)] as const;
export const params = <T extends z.ZodType>(schema: T) => validate('param', schema);
export const query = <T extends z.ZodType>(schema: T) => validate('query', schema);
