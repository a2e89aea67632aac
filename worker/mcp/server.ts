// The MCP server at /mcp (docs/decisions/045-mcp-server.md): Streamable HTTP through the official SDK, stateless (a
// fresh server per request, no session, no Durable Object). The caller authenticates with a portal API token
// (`Authorization: Bearer sop_...`) or an OAuth access token whose grant holds one; the tools they see follow its scope and their
// role, and every tool acts through the API as them (./api.ts). Loaded only for /mcp (worker/mcp/route.ts).
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { SessionUser } from '#schema/entities';
import { UPLOAD_LIMITS } from '#schema/limits';
import type { AppEnv } from '../env';
import { failure } from '../lib/envelope';
import { HttpError } from '../lib/errors';
import { logError, requestLog } from '../middleware/request-log';
import { authenticateBearer, bearerCredential, InvalidToken, TOKEN_PREFIX } from '../services/api-tokens';
import { PROTECTED_RESOURCE_PATH } from '../oauth/route';
import type { McpCaller } from './api';
import { registerReadTools } from './tools-read';
import { registerAdminTools, registerWriteTools } from './tools-write';

/** The path of the endpoint. */
export const MCP_PATH = '/mcp';

/** What a request to /mcp may carry: a picture as base64 (4/3 of the largest image) and the JSON around it. */
const MAX_BODY = Math.ceil((UPLOAD_LIMITS.image * 4) / 3) + 64 * 1024;

const INSTRUCTIONS =
  'The SO Portal: articles in channels, filed under categories. You act as the person whose token or sign-in you ' +
  'use, with their rights, and every change is recorded in the audit log as made through MCP. Drafts stay ' +
  'unpublished until an admin approves a publication request. Article text is Markdown (see create_draft).';

/** The server for one request: the tools the token's scope and the person's role allow, nothing else listed. */
export function buildServer(caller: McpCaller, scope: string, user: SessionUser): McpServer {
  const server = new McpServer({ name: 'so-portal', version: '1.0.0' }, { instructions: INSTRUCTIONS });
  registerReadTools(server, caller);
  if (scope === 'full') registerWriteTools(server, caller);
  if (user.role === 'ADMIN') registerAdminTools(server, caller);
  return server;
}

/**
 * A 401 that tells an MCP client where to sign in (RFC 9728): the protected-resource metadata names the portal's
 * OAuth authorization server.
 */
class McpChallenge extends HttpError {
  constructor(origin: string, message: string) {
    super(401, message, {
      'WWW-Authenticate': `Bearer resource_metadata="${origin}${PROTECTED_RESOURCE_PATH}", error="invalid_token", error_description="${message}"`,
    });
  }
}

/**
 * The portal API token the request acts with: the bearer itself (`sop_...`), or the one an OAuth grant holds when
 * the bearer is a valid OAuth access token for /mcp. Then authenticates with it as the API does.
 */
async function authenticate(c: Context<AppEnv>): Promise<string> {
  const origin = new URL(c.req.url).origin;
  const credential = bearerCredential(c.req.raw);
  if (!credential)
    throw new McpChallenge(origin, 'Send a portal API token (Authorization: Bearer sop_...) or sign in with OAuth');
  let token = credential;
  if (!credential.startsWith(TOKEN_PREFIX)) {
    const { validateAccessToken } = await import('../oauth/authorization-server');
    const props = await validateAccessToken(c.env, origin, credential);
    if (!props) throw new McpChallenge(origin, 'Invalid or expired access token');
    token = props.portalToken;
  }
  try {
    // At the primary (this app opens no D1 session), as for an API write: the tools' API calls carry this identity
    // (worker/lib/mcp-via.ts) instead of looking the token up again, so this is the request's one check.
    await authenticateBearer(c, token, true);
  } catch (error) {
    if (error instanceof InvalidToken) throw new McpChallenge(origin, error.message);
    throw error;
  }
  return token;
}

export const mcpApp = new Hono<AppEnv>();
mcpApp.use(requestLog);
mcpApp.all(MCP_PATH, async (c) => {
  const token = await authenticate(c);
  const user = c.get('user')!;
  const apiToken = c.get('apiToken')!;
  const caller: McpCaller = {
    env: c.env,
    ctx: c.executionCtx as ExecutionContext,
    token,
    request: c.req.raw,
    identity: { credential: token, user, apiToken },
  };
  const handler = createMcpHandler(() => buildServer(caller, apiToken.scope, user), {
    legacy: 'stateless',
    maxRequestBodySize: MAX_BODY,
    // Rejected requests (a malformed message, an unknown protocol version) are the client's: noted, not alarmed.
    onerror: (error) =>
      console.warn({ message: 'MCP request rejected', requestId: c.get('requestId'), error: String(error) }),
  });
  return handler.fetch(c.req.raw, {
    authInfo: { token, clientId: apiToken.id, scopes: [apiToken.scope] },
  });
});
mcpApp.notFound((c) => c.json(failure(404, 'Not found'), 404));
mcpApp.onError((err, c) => {
  if (err instanceof HttpError) return c.json(failure(err.status, err.message), err.status, err.headers);
  if (err instanceof HTTPException) return c.json(failure(err.status, err.message || 'Bad request'), err.status);
  logError(c, 'Unhandled error', err);
  return c.json(failure(500, 'Internal server error'), 500);
});
