// Webhook secrets at rest (decision 035): the worker needs each secret to sign, so it is stored, but encrypted with
// AES-GCM under a key the worker makes for itself in D1 (`app_keys`, as the device cookies' key). A copy of the
// webhooks table alone (a query result, a log, an export) then shows no usable secret; whoever reads the whole
// database reads the key too, which the decision records.
import { eq } from 'drizzle-orm';
import { appKeys } from '../../schema/tables';
import { createDb } from './db';
import { randomToken } from './session';

const KEY_NAME = 'webhook-secrets';
/** The stored form: version, IV and ciphertext (with its tag), base64url. */
const PREFIX = 'v1.';

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (ch) => ch.charCodeAt(0));
const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

// Made once per database, read once per isolate; keyed by the binding, as each test file has its own.
const keys = new WeakMap<D1Database, Promise<CryptoKey>>();

/** The AES-256-GCM key: 256 random bits made on first use (INSERT OR IGNORE, then read: every isolate gets the winner). */
function encryptionKey(binding: D1Database): Promise<CryptoKey> {
  let key = keys.get(binding);
  if (!key) {
    key = (async () => {
      const db = createDb(binding);
      await db
        .insert(appKeys)
        .values({ name: KEY_NAME, value: randomToken(32), createdAt: Date.now() })
        .onConflictDoNothing();
      const row = await db.select({ value: appKeys.value }).from(appKeys).where(eq(appKeys.name, KEY_NAME)).get();
      if (!row) throw new Error('Webhook secret key missing');
      return crypto.subtle.importKey('raw', fromBase64Url(row.value), { name: 'AES-GCM' }, false, [
        'encrypt',
        'decrypt',
      ]);
    })();
    key.catch(() => keys.delete(binding));
    keys.set(binding, key);
  }
  return key;
}

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
