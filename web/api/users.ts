// /api/users: sign-in and out, session validation, registration, password reset, accounts.
import * as z from 'zod/mini';
import { sessionUser, user } from '../../schema/entities';
import type { createUserBody, updateUserBody } from '../../schema/requests';
import { request, seg } from './client';

export const login = (username: string, password: string) => request('POST', '/users/auth', sessionUser, { json: { username, password } });
export const logout = () => request('GET', '/users/logout', z.unknown());
/** The session user behind the cookie, or ApiError 401. */
export const validate = () => request('POST', '/users/auth-validate', sessionUser);
export const register = (body: z.input<typeof createUserBody>) => request('POST', '/users', user, { json: body });
/** Asks for a password reset link; the server answers alike for known and unknown addresses. */
export const mail = (email: string) => request('POST', '/users/mail', z.unknown(), { json: { email } });
export const resetPassword = (token: string, password: string) =>
  request('POST', '/users/reset-password', z.unknown(), { json: { token, password } });
export const getUser = (id: string) => request('GET', `/users/${seg(id)}`, user);
export const updateUser = (id: string, body: z.input<typeof updateUserBody>) => request('PUT', `/users/${seg(id)}`, user, { json: body });
export const listUsers = () => request('GET', '/users', z.array(user));
