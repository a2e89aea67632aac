// The OpenAPI document as `wrangler dev` serves it is valid OpenAPI 3.1 by the official schema, so a client
// generator can take it: checked here in Node, where the validator reads its bundled schemas.
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, test } from 'vitest';
import { baseUrl } from './browser';

test('GET /api/openapi.json is valid OpenAPI 3.1', async () => {
  const response = await fetch(baseUrl() + '/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
  const document = await response.json<Record<string, unknown>>();
  const validator = new Validator();
  const { valid, errors } = await validator.validate(document);
  expect(errors ?? []).toEqual([]);
  expect(valid).toBe(true);
  expect(validator.version).toBe('3.1');
});
