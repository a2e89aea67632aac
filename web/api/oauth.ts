// /api/oauth: the consent page of an MCP client's OAuth sign-in, and the connected clients of My account (decision 045).
import * as z from 'zod/mini';
import { connectedClient, oauthConsent, oauthRedirect } from '#schema/oauth';
import { api, call, seg } from './client';

/** What the consent page shows for the authorization request (the page's own query string). */
export const describeOAuthConsent = (request: string) =>
  call(api.oauth.consent.$post({ json: { request } }), oauthConsent);
/** Allows or denies; answers where the browser goes back to the client. */
export const decideOAuth = (request: string, allow: boolean) =>
  call(api.oauth.decision.$post({ json: { request, allow } }), oauthRedirect);
export const listConnectedClients = () =>
  call(api.oauth.clients.$get(), z.array(connectedClient), { reportUnauthorized: false });
export const disconnectClient = (clientId: string) =>
  call(api.oauth.clients[':clientId'].$delete({ param: { clientId: seg(clientId) } }), z.null());
