// /api/oauth: the person's side of the MCP server's OAuth (docs/decisions/045-mcp-server.md): the consent page's
// calls (what it shows, allow or deny) and the connected clients of My account. Session only, editors and ADMIN
// (who may hold API tokens, which a grant is made of); same-origin checked like every cookie write.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { connectedClient, oauthConsent, oauthConsentBody, oauthDecisionBody, oauthRedirect } from '#schema/oauth';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { describe } from '../lib/route-doc';
import { currentUser, requireEditor } from '../middleware/guards';
import { readsOnly, sessionOnly } from '../middleware/token-scope';
import { jsonBody, params } from '../middleware/validate';
import { auditScope } from '../services/audit';

const clientParam = z.object({ clientId: z.string().check(z.minLength(1), z.maxLength(200)) });
const origin = (url: string) => new URL(url).origin;
const grants = () => import('../oauth/grants');

export const oauthRoutes = new Hono<AppEnv>()
  .post(
    '/consent',
    describe({
      summary: "What the consent page shows for an MCP client's authorization request (400 when it is not valid)",
      result: oauthConsent,
      errors: [400],
    }),
    readsOnly,
    sessionOnly,
    requireEditor,
    ...jsonBody(oauthConsentBody),
    async (c) => {
      const { describeConsent } = await grants();
      return ok(c, await describeConsent(c.env, origin(c.req.url), c.req.valid('json').request));
    },
  )

  .post(
    '/decision',
    describe({
      summary:
        'Allows or denies an MCP client: allowed, a 90-day API token named after the client is made for the grant ' +
        '(scope `full` only when asked for); answers where the browser goes back to the client',
      result: oauthRedirect,
      errors: [400, 409],
    }),
    sessionOnly,
    requireEditor,
    ...jsonBody(oauthDecisionBody),
    async (c) => {
      const { decide } = await grants();
      const { request, allow } = c.req.valid('json');
      return ok(c, await decide(c.env, c.var.db, auditScope(c), currentUser(c), origin(c.req.url), request, allow));
    },
  )

  .get(
    '/clients',
    describe({
      summary: 'The MCP clients the caller connected through OAuth, newest first',
      result: z.array(connectedClient),
    }),
    sessionOnly,
    requireEditor,
    async (c) => {
      const { listConnectedClients } = await grants();
      return ok(c, await listConnectedClients(c.env, origin(c.req.url), currentUser(c).id));
    },
  )

  .delete(
    '/clients/:clientId',
    describe({
      summary: 'Disconnects an MCP client: its grants, their tokens and the API tokens they hold are revoked',
      result: z.null(),
      errors: [404],
    }),
    sessionOnly,
    requireEditor,
    params(clientParam),
    async (c) => {
      const { revokeClient } = await grants();
      const user = currentUser(c);
      await revokeClient(c.env, c.var.db, auditScope(c), user, origin(c.req.url), c.req.valid('param').clientId);
      return ok(c, null);
    },
  );
