// /api/tokens: the signed-in editor's personal API tokens, and ADMIN's list of everyone's.
import * as z from 'zod/mini';
import { apiToken, createdApiToken, ownedApiToken } from '#schema/entities';
import type { CreateApiTokenBody } from '#schema/requests';
import { api, call, seg } from './client';

/** A 401 here is left to the account screen's own read of the user, which reports it (as the sessions list does). */
export const listApiTokens = () => call(api.tokens.$get(), z.array(apiToken), { reportUnauthorized: false });
export const listAllApiTokens = () => call(api.tokens.all.$get(), z.array(ownedApiToken));
/** Answers the token itself: the only time it is there. */
export const createApiToken = (body: CreateApiTokenBody) => call(api.tokens.$post({ json: body }), createdApiToken);
export const revokeApiToken = (id: string) => call(api.tokens[':id'].$delete({ param: { id: seg(id) } }), z.null());
