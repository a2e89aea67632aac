// /api/tokens: personal API tokens (docs/decisions/034-api-tokens.md). Editors and ADMIN make, list and revoke their
// own; ADMIN lists and revokes anyone's. The token itself is in the answer that creates it, and nowhere else. None of
// these calls takes an API token (sessionOnly): a stolen token can't mint more or hide itself.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { apiToken, createdApiToken, ownedApiToken } from '#schema/entities';
import { createApiTokenBody, idParam } from '#schema/requests';
import { tellRoomsOf } from '../collab/members';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { describe } from '../lib/route-doc';
import { currentUser, requireAdmin, requireEditor } from '../middleware/guards';
import { sessionOnly } from '../middleware/token-scope';
import { jsonBody, params } from '../middleware/validate';
import { auditScope } from '../services/audit';
import {
  createApiToken,
  listAllApiTokens,
  listUserApiTokens,
  MAX_LIVE_TOKENS,
  revokeApiToken,
} from '../services/api-tokens';

export const tokensRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      summary: "The caller's API tokens (not revoked), newest first; never the tokens themselves",
      result: z.array(apiToken),
    }),
    sessionOnly,
    requireEditor,
    async (c) => ok(c, await listUserApiTokens(c.var.db, currentUser(c).id)),
  )

  .get(
    '/all',
    describe({
      summary: "Every user's API tokens (not revoked), newest first, each with its owner",
      result: z.array(ownedApiToken),
    }),
    sessionOnly,
    requireAdmin,
    async (c) => ok(c, await listAllApiTokens(c.var.db)),
  )

  .post(
    '/',
    describe({
      summary:
        `Creates an API token; its \`token\` is in this answer only. Scope \`read\` or \`full\`; expiresInDays 30, 90 or 365, ` +
        `or null (never) for ADMIN only; at most ${MAX_LIVE_TOKENS} live tokens per user (409)`,
      result: createdApiToken,
      status: 201,
      errors: [400, 409],
    }),
    sessionOnly,
    requireEditor,
    ...jsonBody(createApiTokenBody),
    async (c) => {
      const created = await createApiToken(c.var.db, auditScope(c), currentUser(c), c.req.valid('json'));
      return ok(c, created, 201, 'API token created: copy it now, it is not shown again');
    },
  )

  .delete(
    '/:id',
    describe({
      summary: 'Revokes an API token: refused from the next request on',
      result: z.null(),
      errors: [404],
      ownerOrAdmin: "the token's owner",
    }),
    sessionOnly,
    requireEditor,
    params(idParam),
    async (c) => {
      const owner = await revokeApiToken(c.var.db, auditScope(c), currentUser(c), c.req.valid('param').id);
      await tellRoomsOf(c.env, owner); // a co-editing socket the token opened closes now
      return ok(c, null, 200, 'API token revoked');
    },
  );
