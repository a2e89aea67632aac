// The person's side of OAuth (decision 045): the consent (what the page shows, allow or deny) and the connected
// clients of My account (list, revoke). Allowing makes a portal API token of the person's, named after the client,
// with the scope granted; the grant holds it (encrypted) and the MCP server acts with it. Revoking a client revokes
// its grants and their tokens. Called by worker/routes/oauth.ts, loaded with the OAuth library only for these calls.
import { AuthorizationError, type AuthRequest, type GrantSummary } from '@cloudflare/workers-oauth-provider';
import { LIMITS } from '#schema/limits';
import type { ConnectedClient, OAuthConsent } from '#schema/oauth';
import type { SessionUser } from '#schema/entities';
import type { Db, Env } from '../env';
import { BadRequest, HttpError, NotFound } from '../lib/errors';
import { createApiToken, revokeApiToken } from '../services/api-tokens';
import type { AuditScope } from '../services/audit';
import { iso } from '../services/db';
import { GRANT_DAYS, oauthApi, type GrantMetadata, type GrantProps } from './authorization-server';
import { AUTHORIZE_PATH } from './route';

/** The parsed authorization request; a bad one (unknown client, wrong redirect URI, no PKCE) is 400 with why. */
async function parseRequest(env: Env, origin: string, query: string): Promise<AuthRequest> {
  const url = new URL(AUTHORIZE_PATH, origin);
  url.search = query.replace(/^\?/, '');
  try {
    return await oauthApi(env, origin).parseAuthRequest(new Request(url));
  } catch (error) {
    if (error instanceof AuthorizationError) throw new BadRequest(`Authorization request refused: ${error.message}`);
    throw error;
  }
}

/** The portal scope a request gets: `full` only when the client asked for it. */
const grantedScope = (request: AuthRequest): 'read' | 'full' => (request.scope.includes('full') ? 'full' : 'read');

export async function describeConsent(env: Env, origin: string, query: string): Promise<OAuthConsent> {
  const request = await parseRequest(env, origin, query);
  const d = await oauthApi(env, origin).describeConsent(request);
  return {
    clientId: d.clientId,
    clientName: d.clientName,
    clientDomain: d.clientDomain ?? null,
    redirectHost: d.redirectHost,
    redirectIsLoopback: d.redirectIsLoopback,
    scope: grantedScope(request),
  };
}

/** The person's grants of one client, or of all. */
async function grantsOf(env: Env, origin: string, userId: string, clientId?: string): Promise<GrantSummary[]> {
  const oauth = oauthApi(env, origin);
  const grants: GrantSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await oauth.listUserGrants(userId, { cursor, limit: 100 });
    grants.push(...page.items.filter((g) => clientId === undefined || g.clientId === clientId));
    cursor = page.cursor;
  } while (cursor);
  return grants;
}

/** Revokes the API token a grant holds; one already revoked (in the token list) is fine. */
async function revokeGrantToken(db: Db, audit: AuditScope, user: SessionUser, grant: GrantSummary): Promise<void> {
  const tokenId = (grant.metadata as Partial<GrantMetadata> | undefined)?.tokenId;
  if (!tokenId) return;
  try {
    await revokeApiToken(db, audit, user, tokenId);
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
  }
}

/**
 * The person's answer. Allowed: a new API token (90 days, the scope granted) goes into the grant, the client's
 * earlier grants and their tokens are revoked (one connection per client). Answers where the browser goes next.
 */
export async function decide(
  env: Env,
  db: Db,
  audit: AuditScope,
  user: SessionUser,
  origin: string,
  query: string,
  allow: boolean,
): Promise<{ redirectTo: string }> {
  const request = await parseRequest(env, origin, query);
  const oauth = oauthApi(env, origin);
  if (!allow) {
    const to = new URL(request.redirectUri);
    to.searchParams.set('error', 'access_denied');
    if (request.state) to.searchParams.set('state', request.state);
    to.searchParams.set('iss', request.issuer ?? origin);
    return { redirectTo: to.href };
  }
  const { clientName } = await oauth.describeConsent(request);
  const scope = grantedScope(request);
  const earlier = await grantsOf(env, origin, user.id, request.clientId);
  const token = await createApiToken(db, audit, user, {
    name: `MCP: ${clientName}`.slice(0, LIMITS.name),
    scope,
    expiresInDays: GRANT_DAYS,
  });
  try {
    const metadata: GrantMetadata = { clientName, tokenId: token.id };
    const props: GrantProps = { portalToken: token.token };
    const done = await oauth.completeAuthorization({ request, userId: user.id, scope: [scope], metadata, props });
    for (const grant of earlier) await revokeGrantToken(db, audit, user, grant);
    return done;
  } catch (error) {
    await revokeApiToken(db, audit, user, token.id);
    if (error instanceof HttpError) throw error;
    throw new BadRequest(`Authorization could not be completed: ${(error as Error).message}`);
  }
}

export async function listConnectedClients(env: Env, origin: string, userId: string): Promise<ConnectedClient[]> {
  const grants = await grantsOf(env, origin, userId);
  return grants
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((g) => ({
      clientId: g.clientId,
      clientName: (g.metadata as Partial<GrantMetadata> | undefined)?.clientName ?? g.clientId,
      scope: g.scope.includes('full') ? 'full' : 'read',
      createdAt: iso(g.createdAt * 1000),
      expiresAt: g.expiresAt ? iso(g.expiresAt * 1000) : null,
    }));
}

/** Disconnects a client: its grants (and their access and refresh tokens) and the API tokens they hold. */
export async function revokeClient(
  env: Env,
  db: Db,
  audit: AuditScope,
  user: SessionUser,
  origin: string,
  clientId: string,
): Promise<void> {
  const grants = await grantsOf(env, origin, user.id, clientId);
  if (grants.length === 0) throw new NotFound('No connected client with this id');
  const oauth = oauthApi(env, origin);
  for (const grant of grants) {
    await oauth.revokeGrant(grant.id, user.id);
    await revokeGrantToken(db, audit, user, grant);
  }
}
