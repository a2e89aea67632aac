// Password hashing with PBKDF2-SHA256 from WebCrypto. 100,000 iterations is the most production
// Workers allow (OWASP asks 600,000; see docs/decisions/002-password-hashing.md). The parameters are
// stored with each hash, so raising them later only needs a re-hash at the next sign-in.
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return `pbkdf2-sha256$${iterations}$${b64(salt)}$${b64(await derive(password, salt, iterations))}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split('$');
  const iterations = Number(iter);
  if (scheme !== 'pbkdf2-sha256' || !salt || !hash || !Number.isInteger(iterations) || iterations < 1) return false;
  const derived = await derive(password, unb64(salt), iterations);
  const expected = unb64(hash);
  // Workers' constant-time comparison; it throws on different lengths, which say nothing secret (a stored hash's length is public).
  return derived.length === expected.length && crypto.subtle.timingSafeEqual(derived, expected);
}

/** True when a stored hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const [scheme, iter] = stored.split('$');
  return scheme !== 'pbkdf2-sha256' || Number(iter) < PBKDF2_ITERATIONS;
}

/** A hash to verify against when the user does not exist, so both cases take alike time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}
