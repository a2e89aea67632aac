// The worker's own keys (decision 003): 256 random bits made on first use and kept in D1 `app_keys` under a name, so
// a deployment needs no secret to set and every location uses the same key. INSERT OR IGNORE then SELECT: two
// isolates making one at once both end up with the row that won. Each key is read once per isolate and database.
// Used by the device cookies (HMAC), the session tickets (HMAC) and the webhook secrets at rest (AES-GCM).
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { appKeys } from '#schema/tables';
import type { Db } from './db';
import { fromBase64Url, randomToken } from './tokens';
import { unwrapped } from './unwrapped';

/** What a key is for: its algorithm, its uses, and how the stored text becomes the key's bytes. */
export interface AppKeyUse {
  algorithm: Parameters<SubtleCrypto['importKey']>[2];
  usages: Parameters<SubtleCrypto['importKey']>[4];
  /**
   * `text`: the stored base64url text's own bytes (the HMAC keys, as they were first made); `base64url`: the 32
   * bytes it encodes (AES-256 needs exactly those).
   */
  material: 'text' | 'base64url';
}

export const HMAC_KEY: AppKeyUse = {
  algorithm: { name: 'HMAC', hash: 'SHA-256' },
  usages: ['sign', 'verify'],
  material: 'text',
};
export const AES_GCM_KEY: AppKeyUse = {
  algorithm: { name: 'AES-GCM' },
  usages: ['encrypt', 'decrypt'],
  material: 'base64url',
};

// Keyed by the real binding (each test file has its own database), then by the key's name.
const keys = new WeakMap<D1Database, Map<string, Promise<CryptoKey>>>();

/**
 * The app key `name`. `read` is where to look first (a read's D1 session, which may be a replica); only a database
 * that has no such key yet makes one, at the primary (`binding`).
 */
export function appKey(binding: D1Database, name: string, use: AppKeyUse, read?: Db): Promise<CryptoKey> {
  const real = unwrapped(binding);
  let named = keys.get(real);
  if (!named) keys.set(real, (named = new Map<string, Promise<CryptoKey>>()));
  let key = named.get(name);
  if (!key) {
    key = (async () => {
      const select = (db: Db) => db.select({ value: appKeys.value }).from(appKeys).where(eq(appKeys.name, name)).get();
      let row = read ? await select(read) : undefined;
      if (!row) {
        const primary: Db = drizzle(binding);
        await primary
          .insert(appKeys)
          .values({ name, value: randomToken(32), createdAt: Date.now() })
          .onConflictDoNothing();
        row = await select(primary);
      }
      const bytes = row && (use.material === 'text' ? new TextEncoder().encode(row.value) : fromBase64Url(row.value));
      if (!bytes) throw new Error(`App key ${name} missing`);
      return crypto.subtle.importKey('raw', bytes, use.algorithm, false, use.usages);
    })();
    key.catch(() => named.delete(name));
    named.set(name, key);
  }
  return key;
}
