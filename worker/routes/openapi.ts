// /api/openapi.json: the OpenAPI 3.1 document of the API, built once per isolate from the registered routes.
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from '../env';
import { buildOpenApiDocument } from '../openapi/document';
import { describe } from '../lib/route-doc';

/** Short enough that a deploy shows within minutes; the ETag makes the revalidation after that cheap. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

export const openApiRoutes = (routes: () => readonly RouterRoute[]) => {
  let text: string | undefined;
  return new Hono<AppEnv>().get(
    '/',
    describe({
      summary: 'This document: the OpenAPI 3.1 description of every /api call',
      raw: {
        contentTypes: ['application/json'],
        statuses: { 200: 'The OpenAPI document (not in the envelope)', 304: 'Not modified (If-None-Match)' },
      },
    }),
    etag(),
    (c) => {
      text ??= JSON.stringify(buildOpenApiDocument(routes()));
      return c.body(text, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': OPENAPI_CACHE_CONTROL,
        // Public and credential-free, so API viewers and generators on other origins may fetch it.
        'Access-Control-Allow-Origin': '*',
      });
    },
  );
};
