// OAuth 2.1 for MCP clients (docs/decisions/045-mcp-server.md) through @cloudflare/workers-oauth-provider's
// authorization-server role: metadata (RFC 8414), dynamic client registration (RFC 7591), the token endpoint with
// PKCE and refresh, revocation; clients, grants and tokens in the OAUTH_KV namespace (hashed, props encrypted).
// The consent is the SPA's (/oauth/authorize, worker/routes/oauth.ts). A grant holds a portal API token of the
// person (props.portalToken), so an OAuth client acts exactly like that token: same scope, rights and audit.
// Loaded only for the OAuth paths, /mcp and the consent calls (dynamic imports).
import { OAuthAuthorizationServer, type OAuthHelpers } from '@cloudflare/workers-oauth-provider';
import type { Env } from '../env';
import { AUTHORIZE_PATH, REGISTER_PATH, TOKEN_PATH } from './paths';

/** What a client may ask for: the portal's token scopes. */
export const OAUTH_SCOPES = ['read', 'full'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** An access token lives an hour; the grant (and its refresh token) as long as the API token it holds. */
const ACCESS_TOKEN_TTL = 3600;
export const GRANT_DAYS = 90;

/** What a grant keeps, encrypted, for the MCP server. */
export interface GrantProps {
  /** The person's API token (`sop_...`) made at consent: the MCP server acts with it. */
  portalToken: string;
}

/** What a grant shows in the person's list of connected clients (not secret). */
export interface GrantMetadata {
  clientName: string;
  /** The API token the grant holds, revoked with it. */
  tokenId: string;
}

/**
 * One authorization server per origin. The issuer is the origin the request came to: Cloudflare routes only the
 * portal's own host names to the worker, and a client checks that the issuer it is told is the one it asked.
 */
const servers = new Map<string, OAuthAuthorizationServer<Env>>();
export function authorizationServer(origin: string): OAuthAuthorizationServer<Env> {
  let server = servers.get(origin);
  if (!server) {
    server = new OAuthAuthorizationServer<Env>({
      issuer: origin,
      resources: [mcpResource(origin)],
      authorizeEndpoint: AUTHORIZE_PATH,
      tokenEndpoint: TOKEN_PATH,
      clientRegistrationEndpoint: REGISTER_PATH,
      scopesSupported: [...OAUTH_SCOPES],
      accessTokenTTL: ACCESS_TOKEN_TTL,
      refreshTokenTTL: GRANT_DAYS * 24 * 3600,
      // Client ID Metadata Documents would have the worker fetch any URL a client names: registration only.
      clientIdMetadataDocumentEnabled: false,
    });
    servers.set(origin, server);
  }
  return server;
}

export const mcpResource = (origin: string) => `${origin}/mcp`;

export const oauthApi = (env: Env, origin: string): OAuthHelpers => authorizationServer(origin).getOAuthApi(env);

/** RFC 9728: where an MCP client learns which authorization server issues tokens for /mcp. */
export function protectedResourceMetadata(origin: string): Response {
  return Response.json(
    {
      resource: mcpResource(origin),
      authorization_servers: [origin],
      scopes_supported: [...OAUTH_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'SO Portal MCP server',
    },
    { headers: { 'Cache-Control': 'public, max-age=3600', 'Access-Control-Allow-Origin': '*' } },
  );
}

/** The props of a valid OAuth access token for /mcp, or null. */
export async function validateAccessToken(env: Env, origin: string, token: string): Promise<GrantProps | null> {
  const valid = await authorizationServer(origin).validateToken<GrantProps>(mcpResource(origin), token, env);
  return valid && typeof valid.props?.portalToken === 'string' ? valid.props : null;
}
