// /api/users: sign-in and out, session validation, registration, password reset, accounts.
import * as z from 'zod/mini';
import { accountDeletion, savedUser, sessionUser, user } from '#schema/entities';
import type { createUserBody, updateUserBody } from '#schema/requests';
import { api, call, seg } from './client';
import { challengeHeaders } from './config';

/** A refused sign-in is a 401 that says nothing about an existing session. */
export const login = (username: string, password: string, challenge?: string | null) =>
  call(api.users.auth.$post({ json: { username, password } }, challengeHeaders(challenge)), sessionUser, {
    reportUnauthorized: false,
  });
export const logout = () => call(api.users.logout.$get(), z.null());
/** The session user behind the cookie, or ApiError 401. */
export const validate = () => call(api.users['auth-validate'].$post(), sessionUser);
export const register = (body: z.input<typeof createUserBody>, challenge?: string | null) =>
  call(api.users.$post({ json: body }, challengeHeaders(challenge)), user);
/** Asks for a password reset link; the server answers alike for known and unknown addresses. */
export const mail = (email: string, challenge?: string | null) =>
  call(api.users.mail.$post({ json: { email } }, challengeHeaders(challenge)), z.null());
export const resetPassword = (token: string, password: string) =>
  call(api.users['reset-password'].$post({ json: { token, password } }), z.null());
export const getUser = (id: string) => call(api.users[':id'].$get({ param: { id: seg(id) } }), user);
export const updateUser = (id: string, body: z.input<typeof updateUserBody>) =>
  call(api.users[':id'].$put({ param: { id: seg(id) }, json: body }), savedUser);
/** Deletes the caller's own account, confirmed with their password; the session ends with it. */
export const deleteOwnAccount = (id: string, password: string) =>
  call(api.users[':id'].$delete({ param: { id: seg(id) }, json: { password } }), accountDeletion);
