// A room's own SQLite storage: the Y.Doc as appended updates (compacted into one), and what the room must remember
// through hibernation and restarts: which article and language it is, the D1 version its document matches, and
// who wrote since its last save to D1.
import * as Y from 'yjs';
import type { CollabIdentity } from './rights';

/** Past this many stored updates the room folds them into one when it next falls idle (or at once past 4x). */
export const COMPACT_AFTER = 500;

export class RoomStore {
  private readonly sql: SqlStorage;
  /** How many updates are stored: counted once, then kept (every update asks). */
  private stored: number | null = null;

  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS updates (id INTEGER PRIMARY KEY AUTOINCREMENT, data BLOB NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS authors (user_id TEXT NOT NULL, session_id TEXT NOT NULL, identity TEXT NOT NULL,
        PRIMARY KEY (user_id, session_id))`,
    );
  }

  private get(key: string): string | null {
    const rows = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, key).toArray();
    return rows[0]?.value ?? null;
  }

  private set(key: string, value: string): void {
    this.sql.exec(
      `INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      key,
      value,
    );
  }

  setRoom(articleId: string, language: string): void {
    if (this.get('article') !== articleId) this.set('article', articleId);
    if (this.get('language') !== language) this.set('language', language);
  }

  articleId(): string | null {
    return this.get('article');
  }

  language(): string | null {
    return this.get('language');
  }

  /** The D1 version the document last matched (its own save, or D1's state read in); null for a new room. */
  d1Version(): number | null {
    const v = this.get('d1Version');
    return v === null ? null : Number(v);
  }

  setD1Version(version: number): void {
    this.set('d1Version', String(version));
  }

  updates(): Uint8Array[] {
    return this.sql
      .exec<{ data: ArrayBuffer }>(`SELECT data FROM updates ORDER BY id`)
      .toArray()
      .map((r) => new Uint8Array(r.data));
  }

  append(update: Uint8Array): void {
    this.sql.exec(`INSERT INTO updates (data) VALUES (?)`, update.slice().buffer);
    if (this.stored !== null) this.stored++;
  }

  count(): number {
    this.stored ??= this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM updates`).one().n;
    return this.stored;
  }

  /** Folds the stored updates into one (the document's whole state), in one transaction. */
  compact(doc: Y.Doc | null, threshold = COMPACT_AFTER): void {
    if (!doc || this.count() <= threshold) return;
    const state = Y.encodeStateAsUpdate(doc);
    this.storage.transactionSync(() => {
      this.sql.exec(`DELETE FROM updates`);
      this.stored = 0;
      this.append(state);
    });
  }

  addAuthor(who: CollabIdentity): void {
    this.sql.exec(
      `INSERT INTO authors (user_id, session_id, identity) VALUES (?, ?, ?)
        ON CONFLICT (user_id, session_id) DO UPDATE SET identity = excluded.identity`,
      who.userId,
      who.sessionId ?? who.tokenId ?? '',
      JSON.stringify(who),
    );
  }

  /** Who wrote since the last save, one entry a user (their latest session or token), in the order they came. */
  authors(): CollabIdentity[] {
    const seen = new Map<string, CollabIdentity>();
    for (const r of this.sql.exec<{ identity: string }>(`SELECT identity FROM authors ORDER BY rowid`).toArray()) {
      const who = JSON.parse(r.identity) as CollabIdentity;
      seen.set(who.userId, who);
    }
    return [...seen.values()];
  }

  /** Forgets everything: the document, the room's identity, its authors (the tables stay, for a later opening). */
  clear(): void {
    this.storage.transactionSync(() => {
      for (const table of ['updates', 'meta', 'authors']) this.sql.exec(`DELETE FROM ${table}`);
    });
    this.stored = 0;
  }

  clearAuthors(): void {
    this.sql.exec(`DELETE FROM authors`);
  }
}
