// Random tokens and their encodings: session and API tokens, nonces, app keys (lib/app-key.ts).

/** Bytes as base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** base64url (padded or not) as bytes; null when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const s = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** `bytes` random bytes as base64url: 32 make a 256-bit token. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** An API token in use: its id, its name (for the audit log) and its scope. */
export interface ApiTokenUse {
  id: string;
  name: string;
  scope: string;
}
