// The `terms` phase of every source (decisions 046, 050): authors mapped (the admin's choice, else a user of the same
// e-mail address, else a new inactive user with no password), categories parents first, tags as categories under one
// "Tags" parent so none vanishes, and the "Pages" category when the source has pages.
import { eq, inArray } from 'drizzle-orm';
import { users } from '#schema/tables';
import type { ImportContext, ImportProgress, ReviewAuthor } from './progress';
import { readScan, type SourceAuthor, type SourceTerm } from './source';
import { knownEntities, sourceStatement, writeCategory } from './write';

export const PAGES_CATEGORY = { sourceId: '#pages', title: 'Pages', slug: 'pages' };
export const TAGS_CATEGORY = { sourceId: '#tags', title: 'Tags', slug: 'tags' };

/** Where "Pages" and "Tags" are keyed: one of each for all imports, whatever their source. */
export const sharedScope = (ctx: ImportContext) => ({ ...ctx.scope, kind: 'import', site: '' });

/** The source key of a term's category. */
export const termKey = (term: { kind: 'category' | 'tag'; slug: string }) => `${term.kind}:${term.slug}`;

export async function terms(ctx: ImportContext, progress: ImportProgress): Promise<void> {
  const source = await readScan(ctx);
  const scope = { ...ctx.scope, site: source.site };
  const authorMap: Record<string, string> = { ...ctx.row.authorMap };
  const knownUsers = await knownEntities(
    ctx.db,
    scope,
    'user',
    source.authors.map((a) => a.key),
  );
  for (const author of source.authors) {
    if (!author.key) continue;
    const chosen = authorMap[author.key] ?? knownUsers.get(author.key);
    if (chosen && (await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, chosen)).get())) {
      authorMap[author.key] = chosen;
      progress.count('users', 'skipped');
      continue;
    }
    authorMap[author.key] = await createAuthor(ctx, scope, author);
    progress.count('users', 'created');
  }
  progress.authorMap = authorMap;

  const categories = source.terms.filter((t) => t.kind === 'category');
  const tags = source.terms.filter((t) => t.kind === 'tag');
  const known = await knownEntities(ctx.db, scope, 'category', source.terms.map(termKey));
  const shared = sharedScope(ctx);
  const knownShared = await knownEntities(ctx.db, shared, 'category', [
    PAGES_CATEGORY.sourceId,
    TAGS_CATEGORY.sourceId,
  ]);
  const ids = new Map<string, string>();
  const write = async (
    sourceId: string,
    title: string,
    slug: string,
    parentId: string | null,
    kind: 'categories' | 'tags',
  ) => {
    const isShared = sourceId === PAGES_CATEGORY.sourceId || sourceId === TAGS_CATEGORY.sourceId;
    const written = await writeCategory(ctx.db, isShared ? shared : scope, ctx.audit, {
      sourceId,
      title,
      slug,
      parentId,
      existingId: (isShared ? knownShared : known).get(sourceId),
    });
    progress.count(kind, written.created ? 'created' : 'updated');
    ids.set(sourceId, written.id);
    return written.id;
  };
  const bySlug = new Map(categories.map((t) => [t.slug, t]));
  const visiting = new Set<string>();
  const place = async (term: SourceTerm): Promise<string> => {
    const done = ids.get(termKey(term));
    if (done) return done;
    visiting.add(term.slug);
    const parent = term.parent && !visiting.has(term.parent) ? bySlug.get(term.parent) : undefined;
    const parentId = parent ? await place(parent) : null;
    return write(termKey(term), term.name, term.slug, parentId, 'categories');
  };
  for (const term of categories) await place(term);
  if (tags.length > 0) {
    const tagsParent = await write(TAGS_CATEGORY.sourceId, TAGS_CATEGORY.title, TAGS_CATEGORY.slug, null, 'categories');
    for (const tag of tags) await write(termKey(tag), tag.name, tag.slug, tagsParent, 'tags');
  }
  if (progress.report.detected?.pages) {
    await write(PAGES_CATEGORY.sourceId, PAGES_CATEGORY.title, PAGES_CATEGORY.slug, null, 'categories');
  }
}

/** The authors shown for mapping: at most this many (a file naming more is mapped through the API's `authors`). */
export const REVIEW_AUTHORS = 500;

/** The file's authors with the user each would be taken for unless mapped: an earlier import's, or the same e-mail's. */
export async function authorsToReview(ctx: ImportContext): Promise<ReviewAuthor[]> {
  const source = await readScan(ctx);
  const authors = source.authors.filter((a) => a.key).slice(0, REVIEW_AUTHORS);
  const known = await knownEntities(
    ctx.db,
    { ...ctx.scope, site: source.site },
    'user',
    authors.map((a) => a.key),
  );
  const emails = [...new Set(authors.map((a) => a.email.trim().toLowerCase()).filter(Boolean))];
  const byEmail = new Map<string, string>();
  for (let i = 0; i < emails.length; i += 90) {
    const rows = await ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, emails.slice(i, i + 90)));
    for (const row of rows) if (row.email) byEmail.set(row.email, row.id);
  }
  return authors.map((a) => ({
    key: a.key,
    name: (a.displayName || [a.firstName, a.lastName].filter(Boolean).join(' ') || a.key).slice(0, 200),
    email: a.email.slice(0, 200),
    match: known.get(a.key) ?? byEmail.get(a.email.trim().toLowerCase()) ?? null,
  }));
}

async function createAuthor(ctx: ImportContext, scope: ImportContext['scope'], author: SourceAuthor): Promise<string> {
  const email = author.email.trim().toLowerCase() || null;
  if (email) {
    const same = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (same) return same.id;
  }
  const id = crypto.randomUUID();
  const base = (author.key || author.displayName || 'author').slice(0, 56);
  let name = base;
  for (let n = 2; await ctx.db.select({ id: users.id }).from(users).where(eq(users.name, name)).get(); n++)
    name = `${base}-${n}`;
  const now = Date.now();
  await ctx.db.batch([
    // Inactive, with no password that could ever match: claimed by a password reset once an admin activates it.
    ctx.db.insert(users).values({
      id,
      name,
      email,
      firstName: author.firstName.slice(0, 64),
      lastName: author.lastName.slice(0, 64),
      role: 'CONTRIBUTOR',
      active: false,
      passwordHash: '!',
      createdAt: now,
      updatedAt: now,
    }),
    sourceStatement(ctx.db, scope, 'user', author.key, id, now),
  ]);
  return id;
}
