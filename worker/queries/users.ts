// User rows in D1: look-ups for sign-in and reset, and the writes behind /users with their conflicts.
import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { User } from '#schema/entities';
import type { Locale } from '#schema/enums';
import { rateCounters, sessions, users, type Role } from '#schema/tables';
import type { Db } from '../env';
import { decodeOffsetCursor, toOffsetPage } from '../lib/cursor';
import { Conflict, NotFound, issue, type FieldIssue } from '../lib/errors';
import {
  actingAs,
  auditEntry,
  auditEntryWhen,
  changedFields,
  type AuditFact,
  type AuditScope,
} from '../services/audit';

/** The account as its audit entries name it: its own owner, so its user sees their account's entries too. */
export const userSubject = (user: { id: string; name: string }) =>
  ({ entityType: 'user', entityId: user.id, title: user.name, ownerId: user.id }) as const;

export type UserRow = typeof users.$inferSelect;

export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  active: users.active,
  locale: users.locale,
};

/** The response shape of a row: never the hash, never the timestamps. */
export function toUser(row: Pick<UserRow, keyof typeof userColumns>): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    active: row.active,
    locale: row.locale,
  };
}

const lower = (value: string) => value.trim().toLowerCase();

export const OWNS_CONTENT =
  'This user still owns channels, articles or news and cannot be deleted; deactivate the account instead';

/** Sign-in accepts the name or the e-mail, case-insensitively; a name match wins over an e-mail match. */
export async function findUserForSignIn(db: Db, username: string): Promise<UserRow | undefined> {
  const u = lower(username);
  return db
    .select()
    .from(users)
    .where(or(sql`lower(${users.name}) = ${u}`, sql`lower(${users.email}) = ${u}`))
    .orderBy(sql`lower(${users.name}) = ${u} desc`)
    .limit(1)
    .get();
}

export async function findActiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${lower(email)}`, eq(users.active, true)))
    .get();
}

export async function findActiveUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true)))
    .get();
}

export interface UserListFilter {
  /** A fragment of the name, e-mail, first or last name (case-insensitive). */
  q?: string | undefined;
  role?: Role | undefined;
  active?: boolean | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** GET /users (ADMIN): alphabetical by name, filtered, one page at a time (offset cursor: the order is no keyset). */
export async function listUsers(db: Db, filter: UserListFilter): Promise<{ items: User[]; nextCursor: string | null }> {
  const offset = decodeOffsetCursor(filter.cursor);
  const q = filter.q?.trim();
  // instr(), not LIKE: D1 refuses LIKE patterns over 50 bytes, and `q` may be 64 characters of any script.
  // lower() on both sides folds ASCII letters only, as LIKE did.
  const matches = (column: SQL | typeof users.name) => sql`instr(lower(${column}), lower(${q!})) > 0`;
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(
      and(
        q
          ? or(
              matches(users.name),
              matches(sql`coalesce(${users.email}, '')`),
              matches(sql`${users.firstName} || ' ' || ${users.lastName}`),
            )
          : undefined,
        filter.role ? eq(users.role, filter.role) : undefined,
        filter.active === undefined ? undefined : eq(users.active, filter.active),
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(filter.limit + 1)
    .offset(offset)
    .all();
  return toOffsetPage(rows, offset, filter.limit, toUser);
}

export async function getUser(db: Db, id: string): Promise<User> {
  const row = await db.select(userColumns).from(users).where(eq(users.id, id)).get();
  if (!row) throw new NotFound('User not found');
  return toUser(row);
}

/**
 * Names and e-mails share one namespace, because sign-in accepts either: a new name may not equal
 * anyone's e-mail and the other way round, so a user name always names one account.
 */
async function assertNameAndEmailFree(
  db: Db,
  fields: { name?: string; email?: string | null },
  exceptId?: string,
): Promise<void> {
  const wanted = [fields.name, fields.email].filter((v): v is string => !!v).map(lower);
  if (wanted.length === 0) return;
  const inWanted = (column: SQL) =>
    sql`${column} in (${sql.join(
      wanted.map((w) => sql`${w}`),
      sql`, `,
    )})`;
  const rows = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        or(inWanted(sql`lower(${users.name})`), inWanted(sql`lower(${users.email})`)),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .all();
  const taken = new Set(rows.flatMap((r) => [lower(r.name), r.email ? lower(r.email) : '']));
  // Both at once, so a form can mark every field that needs changing.
  const conflicts = [
    fields.name && taken.has(lower(fields.name)) ? NAME_TAKEN : null,
    fields.email && taken.has(lower(fields.email)) ? EMAIL_TAKEN : null,
  ];
  throwTaken(conflicts);
}

const NAME_TAKEN = issue('name', 'name_taken', 'Name already taken');
const EMAIL_TAKEN = issue('email', 'email_taken', 'Email already taken');

/** 409 naming each taken field, its message the issues' words joined ('Name already taken; Email already taken'). */
const takenConflict = (issues: FieldIssue[]) => new Conflict(issues.map((i) => i.message).join('; '), issues);
function throwTaken(found: readonly (FieldIssue | null | '' | undefined)[]): void {
  const issues = found.filter((i): i is FieldIssue => !!i);
  if (issues.length > 0) throw takenConflict(issues);
}

/** The message of a D1 error, wherever drizzle wrapped it. */
export function sqliteMessage(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error && parts.length < 4; e = e.cause) parts.push(e.message);
  return parts.join(' | ');
}

/** A race past assertNameAndEmailFree still ends in the unique indexes: answer it as the same 409. */
function rethrowUnique(err: unknown): never {
  const message = sqliteMessage(err);
  if (message.includes('users_name_unique')) throw takenConflict([NAME_TAKEN]);
  if (message.includes('users_email_unique')) throw takenConflict([EMAIL_TAKEN]);
  throw err;
}

export interface NewUser {
  name: string;
  email: string | null;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  locale?: Locale | undefined;
}

/** Names and e-mails (lower-cased) that any account already has as its name or e-mail, among `wanted`. */
function takenWhere(wanted: string[]) {
  const inWanted = (column: SQL) =>
    sql`${column} in (${sql.join(
      wanted.map((w) => sql`${w}`),
      sql`, `,
    )})`;
  return or(inWanted(sql`lower(${users.name})`), inWanted(sql`lower(${users.email})`));
}

/**
 * Registers a user: 409 when the name or e-mail is taken. A taken and a free name cost the same work, so the answer's
 * time tells nothing more than its status (which the registration limit keeps from being harvested in bulk): one batch
 * of the same statements either way, the look-up and an insert that takes effect only when nothing was found.
 *
 * With `takenEmail: 'omit'` (self-registration, issue 27 §8) a taken e-mail is no conflict: the account is made
 * without it, in the same batch, and `emailTaken` says so to the caller alone (who tells the address's owner, never
 * the registrant). Only a taken name is a 409 then.
 */
export async function insertUser(
  db: Db,
  input: NewUser,
  audit: AuditScope,
  options: { takenEmail: 'refuse' | 'omit' } = { takenEmail: 'refuse' },
): Promise<{ user: User; emailTaken: boolean }> {
  const wanted = [input.name, input.email].filter((v): v is string => !!v).map(lower);
  const omit = options.takenEmail === 'omit';
  // What must be free for the insert: name and e-mail, or (omitting a taken e-mail) the name alone.
  const blocking = takenWhere(omit ? [lower(input.name)] : wanted);
  const email =
    omit && input.email
      ? sql`case when exists (select 1 from ${users} where ${takenWhere([lower(input.email)])}) then null else ${input.email} end`
      : sql`${input.email}`;
  const id = crypto.randomUUID();
  const row = { id, ...input, active: true };
  // Whoever registers themselves is the actor of their own `created` (an ADMIN creating an account is the ADMIN).
  const scope = audit.actor.userId ? audit : actingAs(audit, { id, name: input.name });
  const free = sql`not exists (select 1 from ${users} where ${blocking})`;
  const [found, , inserted] = await db
    .batch([
      db.select({ name: users.name, email: users.email }).from(users).where(takenWhere(wanted)),
      auditEntryWhen(db, scope, { ...userSubject(row), action: 'created' }, free),
      db
        .insert(users)
        .select(
          db
            .select({
              id: sql`${row.id}`.as('id'),
              name: sql`${row.name}`.as('name'),
              email: email.as('email'),
              firstName: sql`${row.firstName}`.as('first_name'),
              lastName: sql`${row.lastName}`.as('last_name'),
              role: sql`${row.role}`.as('role'),
              active: sql`1`.as('active'),
              passwordHash: sql`${row.passwordHash}`.as('password_hash'),
              locale: sql`${row.locale ?? 'en-US'}`.as('locale'),
              deletedAt: sql`null`.as('deleted_at'),
              createdAt: sql`cast(unixepoch('subsec') * 1000 as integer)`.as('created_at'),
              updatedAt: sql`cast(unixepoch('subsec') * 1000 as integer)`.as('updated_at'),
            })
            .from(sql`(select 1)`)
            .where(free),
        )
        .returning(userColumns),
    ])
    .catch(rethrowUnique);
  const taken = new Set(found.flatMap((r) => [lower(r.name), r.email ? lower(r.email) : '']));
  const emailTaken = !!input.email && taken.has(lower(input.email));
  // Both at once, so the form can mark every field that needs changing.
  throwTaken([taken.has(lower(input.name)) ? NAME_TAKEN : null, emailTaken && !omit ? EMAIL_TAKEN : null]);
  if (!inserted[0]) throw takenConflict([NAME_TAKEN]);
  return { user: toUser(inserted[0]), emailTaken };
}

export interface UserPatch {
  name?: string;
  email?: string | null;
  passwordHash?: string;
  firstName?: string;
  lastName?: string;
  role?: Role;
  active?: boolean;
  locale?: Locale;
}

const LAST_ADMIN = 'The last active admin cannot be removed';
// Refusals of the whole account, not of a field: an issue with an empty path carries their code.
export const lastAdminConflict = () => new Conflict(LAST_ADMIN, [issue([], 'last_admin', LAST_ADMIN)]);
export const ownsContentConflict = () => new Conflict(OWNS_CONTENT, [issue([], 'owns_content', OWNS_CONTENT)]);

/** True when `id` is not the only active ADMIN; part of the write's own statement, so two admins cannot demote each other at once. */
export const anotherActiveAdmin = (id: string) =>
  sql`exists (select 1 from ${users} u where u.role = 'ADMIN' and u.active = 1 and u.id <> ${id})`;

export async function updateUser(db: Db, id: string, patch: UserPatch, audit: AuditScope): Promise<User> {
  const current = await db.select(userColumns).from(users).where(eq(users.id, id)).get();
  if (!current) throw new NotFound('User not found');
  await assertNameAndEmailFree(db, { name: patch.name, email: patch.email }, id);
  const removesAdmin =
    current.role === 'ADMIN' &&
    current.active &&
    ((patch.role !== undefined && patch.role !== 'ADMIN') || patch.active === false);
  const where = and(eq(users.id, id), removesAdmin ? anotherActiveAdmin(id) : undefined)!;
  // The entries, just before the update and under its condition.
  const { passwordHash, role, active, ...profile } = patch;
  const subject = userSubject({ id, name: patch.name ?? current.name });
  const facts: AuditFact[] = [];
  const fields = changedFields(current, profile);
  if (fields.length > 0) facts.push({ ...subject, action: 'updated', fields });
  if (role !== undefined && role !== current.role)
    facts.push({ ...subject, action: 'role_changed', fields: [`role:${role}`] });
  if (active !== undefined && active !== current.active)
    facts.push({ ...subject, action: active ? 'activated' : 'deactivated' });
  if (passwordHash !== undefined) facts.push({ ...subject, action: 'password_changed' });
  const entries = facts.map((fact) =>
    auditEntryWhen(db, audit, fact, sql`exists (select 1 from ${users} where ${where})`),
  );
  const results = await db
    .batch([
      ...entries,
      db
        .update(users)
        .set({ ...patch, updatedAt: Date.now() })
        .where(where)
        .returning(userColumns),
    ] as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    .catch(rethrowUnique);
  const row = (results[entries.length] as (typeof current)[])[0];
  if (!row) {
    if (removesAdmin) throw lastAdminConflict();
    throw new NotFound('User not found');
  }
  return toUser(row);
}

/** A new hash of the same password (a rehash at sign-in): no change the audit log records. */
export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: Date.now() }).where(eq(users.id, id));
}

/**
 * A password reset by the mailed link, in one batch: the new hash, the end of every session of the account, its
 * shared sign-in budget cleared (whoever reads its mail owns it), and its `password_changed` entry.
 */
export async function resetPassword(
  db: Db,
  user: { id: string; name: string },
  passwordHash: string,
  audit: AuditScope,
): Promise<void> {
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: Date.now() }).where(eq(users.id, user.id)),
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    db.delete(rateCounters).where(eq(rateCounters.key, `login:user:${user.id}`)),
    auditEntry(db, audit, { ...userSubject(user), action: 'password_changed' }),
  ]);
}
