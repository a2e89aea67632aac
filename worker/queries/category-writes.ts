// The category tree's writes: create, update with the cycle check, position among siblings, and delete only
// when empty (or moving the sub-categories up). The reads are in categories.ts.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { type Category } from '#schema/entities';
import { articleCategories, categories, channelCategories, slugs } from '#schema/tables';
import type { Db } from '../env';
import { BadRequest, Conflict, NotFound } from '../lib/errors';
import { insertWithUniqueSlug } from './slugs';
import { assertSlugFree, renameSlugStatements, withSlugConflict, type Statement } from './slugs';
import { auditEntry, auditEntryWhen, changedFields, type AuditScope } from '../services/audit';
import {
  CATEGORY_NOT_FOUND,
  MAX_CATEGORY_DEPTH,
  type CategoryRow,
  categoryChain,
  findCategoryRow,
  toCategory,
} from './categories';

/** The depth of the deepest category below `id` (0 when it has no sub-categories). */
async function subtreeHeight(db: Db, id: string): Promise<number> {
  const row = await db.get<{ height: number | null }>(sql`
    with recursive below(id, depth) as (
      select id, 1 from ${categories} where parent_id = ${id}
      union all
      select c.id, below.depth + 1 from ${categories} c join below on c.parent_id = below.id
        where below.depth <= ${MAX_CATEGORY_DEPTH}
    )
    select max(depth) as height from below`);
  return row?.height ?? 0;
}

async function nextOrdinal(db: Db, parentId: string | null): Promise<number> {
  const row = await db
    .select({ next: sql<number>`coalesce(max(${categories.ordinal}) + 1, 0)` })
    .from(categories)
    .where(parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, parentId))
    .get();
  return row?.next ?? 0;
}

/** The parent chain of a would-be parent: 400 when it does not exist. */
async function parentChain(db: Db, parentId: string): Promise<{ id: string }[]> {
  const chain = await categoryChain(db, parentId);
  if (chain.length === 0) throw new BadRequest('Parent category not found');
  return chain;
}

export interface CreateCategoryInput {
  title: string;
  parentId: string | null;
  slug?: string | undefined;
  ordinal?: number | undefined;
  imageKey?: string | null | undefined;
}

/** The category as its audit entries name it (nobody owns a category: ADMIN writes them). */
const categorySubject = (row: { id: string; title: string }) =>
  ({ entityType: 'category', entityId: row.id, title: row.title, ownerId: null }) as const;

export async function createCategory(db: Db, input: CreateCategoryInput, audit: AuditScope): Promise<Category> {
  if (input.parentId) {
    const chain = await parentChain(db, input.parentId);
    if (chain.length >= MAX_CATEGORY_DEPTH) throw new BadRequest(`Categories nest at most ${MAX_CATEGORY_DEPTH} deep`);
  }
  const base = {
    id: crypto.randomUUID(),
    parentId: input.parentId,
    title: input.title,
    imageKey: input.imageKey ?? null,
    ordinal: input.ordinal ?? (await nextOrdinal(db, input.parentId)),
    createdAt: Date.now(),
  };
  // A slug the admin chose is theirs or 409; one made from the title is the first free one, chosen in SQL.
  let slug: string;
  if (input.slug) {
    slug = input.slug;
    await assertSlugFree(db, slug);
    const chosen = slug;
    await withSlugConflict(() =>
      db.batch([
        db.insert(slugs).values({ slug: chosen, entityId: base.id, entityKind: 'category' }),
        db.insert(categories).values({ ...base, slug: chosen }),
        auditEntry(db, audit, { ...categorySubject(base), action: 'created' }),
      ]),
    );
  } else {
    slug = await insertWithUniqueSlug(db, { text: input.title, id: base.id, kind: 'category' }, (claimed) => [
      db.insert(categories).values({ ...base, slug: claimed }),
      auditEntry(db, audit, { ...categorySubject(base), action: 'created' }),
    ]);
  }
  return toCategory({ ...base, slug });
}

export interface UpdateCategoryInput {
  title?: string | undefined;
  parentId?: string | null | undefined;
  slug?: string | undefined;
  ordinal?: number | undefined;
  /** undefined keeps the image, null removes it. */
  imageKey?: string | null | undefined;
}

export interface CategoryUpdate {
  category: Category;
  before: CategoryRow;
}

/**
 * Applies the changes in one batch. A move under itself or one of its descendants is 409; a move under
 * a missing parent 400. A slug change renames the slug record too; the caller fixes KV and old files.
 */
export async function updateCategory(
  db: Db,
  id: string,
  input: UpdateCategoryInput,
  audit: AuditScope,
): Promise<CategoryUpdate> {
  const before = await findCategoryRow(db, id);
  if (!before) throw new NotFound(CATEGORY_NOT_FOUND);
  const moving = input.parentId !== undefined && input.parentId !== before.parentId;
  if (moving && input.parentId) {
    if (input.parentId === id) throw new Conflict('A category cannot be its own parent');
    const chain = await parentChain(db, input.parentId);
    if (chain.some((c) => c.id === id)) throw new Conflict(MOVE_INTO_OWN_SUBTREE);
    if (chain.length + (await subtreeHeight(db, id)) >= MAX_CATEGORY_DEPTH) {
      throw new BadRequest(`Categories nest at most ${MAX_CATEGORY_DEPTH} deep`);
    }
  }
  const renaming = input.slug !== undefined && input.slug !== before.slug;
  if (renaming) await assertSlugFree(db, input.slug!, id);
  const parentId = input.parentId === undefined ? before.parentId : input.parentId;
  const ordinal = input.ordinal ?? (moving ? await nextOrdinal(db, parentId) : before.ordinal);
  const after: CategoryRow = {
    ...before,
    title: input.title ?? before.title,
    parentId,
    ordinal,
    imageKey: input.imageKey === undefined ? before.imageKey : input.imageKey,
    slug: renaming ? input.slug! : before.slug,
  };
  const update = db
    .update(categories)
    .set({
      title: after.title,
      parentId: moving && parentId ? parentUnlessCycle(id, parentId) : after.parentId,
      ordinal: after.ordinal,
      imageKey: after.imageKey,
    })
    .where(eq(categories.id, id));
  const fieldNames: Record<string, string> = { parentId: 'parent', imageKey: 'image' };
  const fields = changedFields(before, after).map((f) => fieldNames[f] ?? f);
  const statements: [Statement, ...Statement[]] = renaming
    ? [update, ...renameSlugStatements(db, 'category', id, before.slug, after.slug)]
    : [update];
  if (fields.length > 0)
    statements.push(auditEntry(db, audit, { ...categorySubject(after), action: 'updated', fields }));
  try {
    await withSlugConflict(() => db.batch(statements));
  } catch (err) {
    if (!moving || !parentId || !isForeignKeyViolation(err)) throw err;
    // The write itself found the cycle (or the parent gone): say which, from what is there now.
    const chain = await parentChain(db, parentId);
    if (chain.some((c) => c.id === id)) throw new Conflict(MOVE_INTO_OWN_SUBTREE);
    throw err;
  }
  return { category: toCategory(after), before };
}

const MOVE_INTO_OWN_SUBTREE = 'A category cannot move inside its own sub-categories';

/**
 * The new parent of a move, or, when `parentId` is `id` itself or below it at the moment the statement runs, an id no
 * category has, which fails the parent's foreign key and with it the whole batch. The check above reads the tree
 * before the write; two moves at once (X under Y, Y under X) both pass it, and only a check inside the write, which
 * D1 runs one at a time, sees the other's move: one of the two is refused, so no cycle is ever stored.
 */
function parentUnlessCycle(id: string, parentId: string): SQL {
  return sql`case when exists (
      with recursive up(id, depth) as (
        select ${parentId}, 0
        union all
        select c.parent_id, up.depth + 1 from ${categories} c join up on c.id = up.id
          where c.parent_id is not null and up.depth <= ${MAX_CATEGORY_DEPTH}
      )
      select 1 from up where up.id = ${id}
    ) then '' else ${parentId} end`;
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e instanceof Error && i < 4; e = e.cause, i++) {
    if (e.message.includes('FOREIGN KEY constraint failed')) return true;
  }
  return false;
}

/**
 * PUT /categories/{id}/position: puts the category at `index` among its siblings (0 first; past the end is last)
 * and numbers the siblings 0, 1, 2, ... in that order, in one batch. Returns the siblings in their new order.
 */
export async function positionCategory(db: Db, id: string, index: number, audit: AuditScope): Promise<Category[]> {
  const row = await findCategoryRow(db, id);
  if (!row) throw new NotFound(CATEGORY_NOT_FOUND);
  const siblings = await db
    .select()
    .from(categories)
    .where(row.parentId === null ? sql`${categories.parentId} is null` : eq(categories.parentId, row.parentId))
    .orderBy(asc(categories.ordinal), asc(categories.title), asc(categories.id))
    .all();
  const others = siblings.filter((c) => c.id !== id);
  const ordered = [...others.slice(0, index), row, ...others.slice(index)].map((c, ordinal) => ({ ...c, ordinal }));
  const changed = ordered.filter((c, i) => siblings.find((s) => s.id === c.id)!.ordinal !== i);
  const [first, ...rest] = changed.map((c) =>
    db.update(categories).set({ ordinal: c.ordinal }).where(eq(categories.id, c.id)),
  );
  // One entry, for the category that was moved (its siblings only close up around it).
  if (first) {
    await db.batch([
      first,
      ...rest,
      auditEntry(db, audit, { ...categorySubject(row), action: 'updated', fields: ['ordinal'] }),
    ]);
  }
  return ordered.map((r) => toCategory(r));
}

/** What still hangs off a category; deleting it is refused while any of these is non-zero. */
export async function categoryDependants(
  db: Db,
  id: string,
): Promise<{ categories: number; channels: number; articles: number }> {
  const row = await db.get<{ categories: number; channels: number; articles: number }>(sql`select
      (select count(*) from ${categories} where parent_id = ${id}) as categories,
      (select count(*) from ${channelCategories} where category_id = ${id}) as channels,
      (select count(*) from ${articleCategories} where category_id = ${id}) as articles`);
  return row ?? { categories: 0, channels: 0, articles: 0 };
}

/**
 * Deletes an empty category and its slug; returns the deleted row so the caller can drop the cached slug
 * and the image. The emptiness check is repeated inside the delete itself, so a child added meanwhile
 * makes the delete a no-op, reported as 409. With `moveChildren`, its sub-categories first move up to its parent
 * (after the parent's other children, in their order), in the same batch and under the same check on channels
 * and articles, so either both happen or neither.
 */
export async function deleteCategory(
  db: Db,
  id: string,
  audit: AuditScope,
  { moveChildren = false } = {},
): Promise<CategoryRow> {
  const row = await findCategoryRow(db, id);
  if (!row) throw new NotFound(CATEGORY_NOT_FOUND);
  const deps = await categoryDependants(db, id);
  const refuse = (categoryCount: number) => {
    const count = (n: number, one: string, many: string) => n && `${n} ${n === 1 ? one : many}`;
    const parts = [
      count(categoryCount, 'sub-category', 'sub-categories'),
      count(deps.channels, 'channel', 'channels'),
      count(deps.articles, 'article', 'articles'),
    ].filter(Boolean);
    return new Conflict(
      `The category still has ${parts.join(', ') || 'content'}; move or unlink them before deleting it`,
    );
  };
  const children = moveChildren ? 0 : deps.categories;
  if (children || deps.channels || deps.articles) throw refuse(children);
  const unlinked = sql`not exists (select 1 from ${channelCategories} where category_id = ${id})
    and not exists (select 1 from ${articleCategories} where category_id = ${id})`;
  const empty = sql`not exists (select 1 from ${categories} c where c.parent_id = ${id}) and ${unlinked}`;
  const after = moveChildren ? await nextOrdinal(db, row.parentId) : 0;
  const moveUp = db
    .update(categories)
    .set({ parentId: row.parentId, ordinal: sql`${after} + ${categories.ordinal}` })
    .where(and(eq(categories.parentId, id), unlinked));
  // Recorded only when the delete below takes place: the same condition, just before it (after the move).
  const entry = auditEntryWhen(
    db,
    audit,
    { ...categorySubject(row), action: 'deleted' },
    sql`exists (select 1 from ${categories} where ${categories.id} = ${id}) and ${empty}`,
  );
  const removeSlugs = db.delete(slugs).where(and(eq(slugs.entityId, id), sql`${empty}`));
  const remove = db
    .delete(categories)
    .where(and(eq(categories.id, id), empty))
    .returning({ id: categories.id });
  const deleted = moveChildren
    ? (await db.batch([moveUp, entry, removeSlugs, remove]))[3]
    : (await db.batch([entry, removeSlugs, remove]))[2];
  if (deleted.length === 0) throw refuse((await categoryDependants(db, id)).categories);
  return row;
}
