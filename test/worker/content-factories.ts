// Content factories for worker tests: rows straight into D1 (with their `slugs` rows), unique values,
// visible by default (published, not hidden, not private, not restricted) so a test states only what it varies.
import {
  articleCategories,
  articleMedia,
  articles,
  blobs,
  categories,
  channelCategories,
  channels,
  contentAccess,
  news,
  slugs,
} from '#schema/tables';
import type { ContentType, Role } from '#schema/tables';
import { as, createUser, db, unique } from './helpers';
import { pngBytes } from './upload-fixtures';

/** A slug unique across the test file: `prefix-<time>-<counter>`. */
const uniqueSlug = (prefix: string) =>
  unique(prefix)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

async function ownerId(userId: string | undefined): Promise<string> {
  return userId ?? (await createUser({ role: 'CLIENT' })).id;
}

export interface CreatedContent {
  id: string;
  slug: string;
  userId: string;
}

export interface ChannelOverrides {
  userId: string;
  name: string;
  slug: string;
  infoText: string;
  published: boolean;
  hidden: boolean;
  private: boolean;
  restricted: boolean;
  isAd: boolean;
  categoryIds: string[];
  articleOrdinals: Record<string, string[]>;
  portraitKey: string | null;
  bannerKey: string | null;
  coverMedia: { kind: 'image'; key: string } | { kind: 'video'; key: string; thumbnailMillis: number } | null;
  createdAt: number;
}

/** A channel (owner: a new CLIENT unless `userId` is given). */
export async function createChannel(o: Partial<ChannelOverrides> = {}): Promise<CreatedContent> {
  const id = crypto.randomUUID();
  const userId = await ownerId(o.userId);
  const slug = o.slug ?? uniqueSlug('channel');
  const cover = o.coverMedia ?? null;
  await db().batch([
    db()
      .insert(channels)
      .values({
        id,
        slug,
        name: o.name ?? unique('Channel'),
        userId,
        infoText: o.infoText ?? 'Channel info',
        portraitKey: o.portraitKey ?? null,
        bannerKey: o.bannerKey ?? null,
        coverKind: cover?.kind ?? null,
        coverKey: cover?.key ?? null,
        coverThumbnailMillis: cover?.kind === 'video' ? cover.thumbnailMillis : null,
        published: o.published ?? true,
        hidden: o.hidden ?? false,
        private: o.private ?? false,
        restricted: o.restricted ?? false,
        isAd: o.isAd ?? false,
        articleOrdinals: o.articleOrdinals ?? {},
        ...(o.createdAt !== undefined ? { createdAt: o.createdAt } : {}),
      }),
    db().insert(slugs).values({ slug, entityId: id, entityKind: 'channel' }),
    ...(o.categoryIds ?? []).map((categoryId, ordinal) =>
      db().insert(channelCategories).values({ channelId: id, categoryId, ordinal }),
    ),
  ]);
  return { id, slug, userId };
}

export type MediaOverride =
  | { kind: 'gallery'; images: { title?: string; key: string }[] }
  | {
      kind: 'video';
      videos: { title?: string; key: string; thumbnailMillis?: number; thumbnailKey?: string | null }[];
    };

export interface ArticleOverrides {
  userId: string;
  channelId: string | null;
  title: string;
  slug: string;
  description: string;
  teaser: string;
  type: 'gallery' | 'video' | 'text';
  published: boolean;
  publishedAtCategory: boolean;
  hidden: boolean;
  restricted: boolean;
  isAd: boolean;
  isEditorial: boolean;
  categoryIds: string[];
  thumbnailKey: string | null;
  media: MediaOverride | null;
  createdAt: number;
}

/** An article (owner: a new CLIENT unless `userId` is given; no channel unless `channelId` is given). */
export async function createArticle(o: Partial<ArticleOverrides> = {}): Promise<CreatedContent> {
  const id = crypto.randomUUID();
  const userId = await ownerId(o.userId);
  const slug = o.slug ?? uniqueSlug('article');
  const media = o.media ?? null;
  const mediaRows = !media
    ? []
    : media.kind === 'gallery'
      ? media.images.map((m, ordinal) => ({
          id: crypto.randomUUID(),
          articleId: id,
          ordinal,
          kind: 'image' as const,
          title: m.title ?? '',
          blobKey: m.key,
        }))
      : media.videos.map((m, ordinal) => ({
          id: crypto.randomUUID(),
          articleId: id,
          ordinal,
          kind: 'video' as const,
          title: m.title ?? '',
          blobKey: m.key,
          thumbnailMillis: m.thumbnailMillis ?? 0,
          thumbnailKey: m.thumbnailKey ?? null,
        }));
  await db().batch([
    db()
      .insert(articles)
      .values({
        id,
        slug,
        title: o.title ?? unique('Article'),
        description: o.description ?? 'Article description',
        teaser: o.teaser ?? 'Article teaser',
        type: o.type ?? media?.kind ?? 'text',
        channelId: o.channelId ?? null,
        userId,
        thumbnailKey: o.thumbnailKey ?? null,
        published: o.published ?? true,
        publishedAtCategory: o.publishedAtCategory ?? false,
        hidden: o.hidden ?? false,
        restricted: o.restricted ?? false,
        isAd: o.isAd ?? false,
        isEditorial: o.isEditorial ?? false,
        mediaKind: media?.kind ?? null,
        ...(o.createdAt !== undefined ? { createdAt: o.createdAt } : {}),
      }),
    db().insert(slugs).values({ slug, entityId: id, entityKind: 'article' }),
    ...(o.categoryIds ?? []).map((categoryId, ordinal) =>
      db().insert(articleCategories).values({ articleId: id, categoryId, ordinal }),
    ),
    ...mediaRows.map((row) => db().insert(articleMedia).values(row)),
  ]);
  return { id, slug, userId };
}

export interface CategoryOverrides {
  title: string;
  slug: string;
  parentId: string | null;
  ordinal: number;
  imageKey: string | null;
}

/** A category (a root unless `parentId` is given). */
export async function createCategory(o: Partial<CategoryOverrides> = {}): Promise<{ id: string; slug: string }> {
  const id = crypto.randomUUID();
  const slug = o.slug ?? uniqueSlug('category');
  await db().batch([
    db()
      .insert(categories)
      .values({
        id,
        slug,
        title: o.title ?? unique('Category'),
        parentId: o.parentId ?? null,
        ordinal: o.ordinal ?? 0,
        imageKey: o.imageKey ?? null,
      }),
    db().insert(slugs).values({ slug, entityId: id, entityKind: 'category' }),
  ]);
  return { id, slug };
}

export interface NewsOverrides {
  title: string;
  description: string;
  teaser: string;
  refKind: 'article' | 'channel';
  refId: string;
  userId: string;
  thumbnailKey: string | null;
  publishedAt: number;
}

/** A news item pointing at `refKind`/`refId` (author: a new CLIENT unless `userId` is given). */
export async function createNewsItem(
  o: Partial<NewsOverrides> & Pick<NewsOverrides, 'refKind' | 'refId'>,
): Promise<{ id: string; userId: string }> {
  const id = crypto.randomUUID();
  const userId = await ownerId(o.userId);
  await db()
    .insert(news)
    .values({
      id,
      title: o.title ?? unique('News'),
      description: o.description ?? 'News description',
      teaser: o.teaser ?? 'News teaser',
      refKind: o.refKind,
      refId: o.refId,
      userId,
      thumbnailKey: o.thumbnailKey ?? null,
      ...(o.publishedAt !== undefined ? { publishedAt: o.publishedAt } : {}),
    });
  return { id, userId };
}

/** A grant of access for the user on an article or channel (a channel grant covers its articles). */
export async function grantAccess(
  userId: string,
  contentId: string,
  contentType: ContentType,
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await db().insert(contentAccess).values({ id, userId, contentId, contentType });
  return { id };
}

/** `as(role)` for a signed-in role, typed with a non-null user. */
export async function asRole(role: Role) {
  const session = await as(role);
  return { ...session, user: session.user!, cookie: session.cookie! };
}

/** A `blobs` row as an upload leaves it (the R2 object itself is not needed by the calls that read the row). */
export async function createBlob(
  userId: string | null,
  key = `image/${crypto.randomUUID()}.png`,
): Promise<{ key: string }> {
  await db().insert(blobs).values({ key, contentType: 'image/png', size: pngBytes().length, userId });
  return { key };
}
