// Shared helpers of the users route tests (users*.test.ts).
import { expect } from 'vitest';
import { call, unique, type CallResult } from './helpers';

/** No answer may carry a hash, whatever its shape. */
export function expectNoHash(res: CallResult) {
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/pbkdf2|passwordHash|password_hash/i);
}

// Each registration from an address of its own: registration is limited per address (decision 021).
export const register = (body: Record<string, unknown>, cookie?: string) =>
  call('/users', { method: 'POST', body, cookie, headers: { 'CF-Connecting-IP': unique('ip') } });
export const newUserBody = (extra: Record<string, unknown> = {}) => {
  const name = unique('new');
  return { name, email: `${name}@example.com`, password: 'a-good-password', ...extra };
};
export const signIn = (username: string, password: string) =>
  call('/users/auth', { method: 'POST', body: { username, password }, headers: { 'CF-Connecting-IP': unique('ip') } });
