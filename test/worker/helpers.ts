// Test helpers: factories with unique values, sign-in, and a fetch through the worker's real handler.
import { env, exports } from 'cloudflare:workers';
import { vi } from 'vitest';
import type { Role } from '#schema/tables';
import { users } from '#schema/tables';
import { createDb } from '#worker/services/db';
import { hashPassword } from '#worker/lib/password';
import type { RequestLogLine } from '#worker/middleware/request-log';
import { createSession } from '#worker/services/session';

export const BASE = 'http://localhost';
export const db = () => createDb(env.DB);

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** One real PBKDF2 hash, shared, so factories stay fast; tests of hashing hash for themselves. */
export const TEST_PASSWORD = 'correct-horse-battery';
let testHash: Promise<string> | undefined;
const passwordHash = () => (testHash ??= hashPassword(TEST_PASSWORD));

export interface TestUser {
  id: string;
  name: string;
  email: string | null;
  role: Role;
  password: string;
}

export async function createUser(
  overrides: Partial<{ role: Role; name: string; email: string | null; active: boolean }> = {},
): Promise<TestUser> {
  const id = crypto.randomUUID();
  const name = overrides.name ?? unique('user');
  const email = overrides.email === undefined ? `${name}@example.com` : overrides.email;
  const role = overrides.role ?? 'REGULAR_USER';
  await db()
    .insert(users)
    .values({
      id,
      name,
      email,
      role,
      active: overrides.active ?? true,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await passwordHash(),
    });
  return { id, name, email, role, password: TEST_PASSWORD };
}

/** A session cookie for the user, made the way sign-in makes it. */
export async function sessionCookie(user: { id: string }): Promise<string> {
  return `session=${await createSession(db(), user.id)}`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: { code: number; message: string; result: T };
}

/** Calls /api through the worker's real fetch handler; JSON in, envelope out. */
export async function call<T = any>(path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set('Cookie', options.cookie);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  const res = await exports.default.fetch(
    new Request(BASE + '/api' + path, { method: options.method ?? 'GET', headers, body }),
  );
  const text = await res.text();
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`Response to ${path} is not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** Signs in as a new user of the role and returns a caller bound to that session. */
export async function as(role: Role | 'ANONYMOUS') {
  if (role === 'ANONYMOUS')
    return { user: null, cookie: undefined, call: (p: string, o: CallOptions = {}) => call(p, o) };
  const user = await createUser({ role });
  const cookie = await sessionCookie(user);
  return { user, cookie, call: (p: string, o: CallOptions = {}) => call(p, { ...o, cookie }) };
}

/** The request log lines (console.info) of the running test, captured and kept quiet by setup.ts. */
export const requestLog: { lines: RequestLogLine[]; spy?: ReturnType<typeof vi.spyOn> } = { lines: [] };
export function isRequestLogLine(value: unknown): value is RequestLogLine {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { message?: unknown }).message === 'request' &&
    'requestId' in value
  );
}

// An unexpected console.error fails a test (see setup.ts); a test that provokes one says so.
export const consoleErrors: { expected: boolean; spy?: ReturnType<typeof vi.spyOn> } = { expected: false };
export function expectConsoleError(): void {
  consoleErrors.expected = true;
  consoleErrors.spy?.mockImplementation(() => {});
}
