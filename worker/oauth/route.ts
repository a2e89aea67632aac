// The OAuth paths in the worker's path split (decision 045): the authorization server's metadata, registration and
// token endpoints, and the MCP endpoint's protected-resource metadata. The library loads only when one is asked for.
import type { Env } from '../env';

import { AUTHORIZATION_SERVER_METADATA_PATH, PROTECTED_RESOURCE_PATH, REGISTER_PATH, TOKEN_PATH } from './paths';

export * from './paths';

const PATHS = new Set([
  AUTHORIZATION_SERVER_METADATA_PATH,
  PROTECTED_RESOURCE_PATH,
  `${PROTECTED_RESOURCE_PATH}/mcp`,
  TOKEN_PATH,
  REGISTER_PATH,
]);

/** Whether the worker answers the path as the OAuth authorization server (the consent page is the SPA's). */
export const isOAuthPath = (pathname: string) => PATHS.has(pathname);

export async function serveOAuth(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { authorizationServer, protectedResourceMetadata } = await import('./authorization-server');
  const url = new URL(request.url);
  if (url.pathname.startsWith(PROTECTED_RESOURCE_PATH)) return protectedResourceMetadata(url.origin);
  return authorizationServer(url.origin).fetch(request, env, ctx);
}
