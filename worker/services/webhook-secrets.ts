// Webhook secrets at rest (decision 035): the worker needs each secret to sign, so it is stored, but encrypted with
// AES-GCM under a key the worker makes for itself in D1 (`app_keys`, lib/app-key.ts). A copy of the
// webhooks table alone (a query result, a log, an export) then shows no usable secret; whoever reads the whole
// database reads the key too, which the decision records.
import { AES_GCM_KEY, appKey } from '../lib/app-key';
import { fromBase64Url as decode, randomToken, toBase64Url } from '../lib/tokens';

const KEY_NAME = 'webhook-secrets';
/** The AES-256-GCM key (lib/app-key.ts). */
const encryptionKey = (binding: D1Database) => appKey(binding, KEY_NAME, AES_GCM_KEY);

/** base64url as bytes; a stored secret that is not base64url is unreadable. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const bytes = decode(text);
  if (!bytes) throw new Error('Unreadable webhook secret');
  return bytes;
}

/** The stored form: version, IV and ciphertext (with its tag), base64url. */
const PREFIX = 'v1.';

/** A new secret for a webhook: 32 random bytes, prefixed so that a leaked one is recognisable as ours. */
export const newWebhookSecret = () => `whsec_${randomToken(32)}`;

export async function encryptSecret(binding: D1Database, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await encryptionKey(binding),
    new TextEncoder().encode(secret),
  );
  return `${PREFIX}${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export async function decryptSecret(binding: D1Database, stored: string): Promise<string> {
  const [iv, sealed] = stored.slice(PREFIX.length).split('.');
  if (!stored.startsWith(PREFIX) || !iv || !sealed) throw new Error('Unreadable webhook secret');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(iv) },
    await encryptionKey(binding),
    fromBase64Url(sealed),
  );
  return new TextDecoder().decode(plain);
}
