// Which new passwords are refused besides the length rule of the shared schema (schema/requests.ts, at least 10
// characters, which the SPA's forms check too): one of the most common passwords, and one equal to the account's own
// name or e-mail. Checked on registration, reset and change, each as a validation error that says why
// (docs/decisions/003-users-and-sessions.md, "Passwords").
import { InvalidInput, issue } from './errors';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

let common: Set<string> | undefined;
/** The list as a set, built on first use (1,557 entries: the shorter common passwords fail the length rule anyway). */
const commonPasswords = () => (common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n')));

export const COMMON_PASSWORD = 'Too common: this password is on the list of the most used passwords; choose another';
export const OWN_NAME_PASSWORD = 'Too easy to guess: the password may not be your user name or e-mail';

/** Why `password` may not be the password of the account named `name` with `email` (code and words), or null. */
export function passwordProblem(
  password: string,
  account: { name?: string; email?: string | null },
): { code: 'password_common' | 'password_own_name'; message: string } | null {
  const lower = password.trim().toLowerCase();
  if (commonPasswords().has(lower)) return { code: 'password_common', message: COMMON_PASSWORD };
  const own = [account.name, account.email].filter((v): v is string => !!v).map((v) => v.trim().toLowerCase());
  if (own.includes(lower)) return { code: 'password_own_name', message: OWN_NAME_PASSWORD };
  return null;
}

/** 400 with an issue at `password` when `password` is refused for the account. */
export function assertPasswordAllowed(password: string, account: { name?: string; email?: string | null }): void {
  const problem = passwordProblem(password, account);
  if (problem) throw new InvalidInput([issue('password', problem.code, problem.message)]);
}
