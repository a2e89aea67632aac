// The OAuth consent and the connected clients of the MCP server (docs/decisions/045-mcp-server.md): what the SPA's
// consent page (/oauth/authorize) and My account send and read, checked by the worker with the same schemas.
import * as z from 'zod/mini';
import { TOKEN_SCOPES } from './enums';
import { isoDateTime } from './entities';

/** The authorization request as the client sent it to /oauth/authorize: its query string, without the `?`. */
const authorizationRequest = z.string().check(z.minLength(1), z.maxLength(8_000));

/** POST /oauth/consent: what the page shows for the request. */
export const oauthConsentBody = z.object({ request: authorizationRequest });
/** POST /oauth/decision: the person's answer. */
export const oauthDecisionBody = z.object({ request: authorizationRequest, allow: z.boolean() });

/** What a consent page must show (every string came from the client: shown as text, never as markup). */
export const oauthConsent = z.object({
  clientId: z.string(),
  /** Self-asserted at registration, unless `clientDomain` is set. */
  clientName: z.string(),
  /** For a client whose id is a URL on its own domain: that domain. */
  clientDomain: z.nullable(z.string()),
  /** Where the access will be sent: the redirect URI's host. */
  redirectHost: z.string(),
  /** The redirect goes to an app on this computer (localhost): the page warns. */
  redirectIsLoopback: z.boolean(),
  /** The portal scope the grant would get: `full` when the client asked for it, else `read`. */
  scope: z.enum(TOKEN_SCOPES),
});
export type OAuthConsent = z.infer<typeof oauthConsent>;

/** Where the browser goes next: back to the client, with a code or with `error=access_denied`. */
export const oauthRedirect = z.object({ redirectTo: z.string() });

/** A client the person connected, as My account lists it. */
export const connectedClient = z.object({
  clientId: z.string(),
  clientName: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: isoDateTime,
  expiresAt: z.nullable(isoDateTime),
});
export type ConnectedClient = z.infer<typeof connectedClient>;
