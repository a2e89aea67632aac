// Rows the authorization matrix needs beyond content-factories.ts: likes, access and publication requests,
// image options, a stored R2 file and a password-reset token, each written straight into D1, KV or R2.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import {
  apiTokens,
  contactMessages,
  contentRequests,
  imageOptions,
  publicationRequests,
  userArticles,
  userChannels,
  users,
  type ContentType,
} from '#schema/tables';
import { sha256Hex } from '#worker/services/session';
import { resetStamp } from '#worker/services/password-reset';
import { createBlob } from './content-factories';
import { db } from './helpers';
import { pngBytes } from './upload-fixtures';

/** A mySO like of a channel; returns the link id. */
export async function createChannelLike(userId: string, channelId: string): Promise<string> {
  const id = crypto.randomUUID();
  await db().insert(userChannels).values({ id, userId, contentId: channelId });
  return id;
}

/** A mySO like of an article; returns the link id. */
export async function createArticleLike(userId: string, articleId: string): Promise<string> {
  const id = crypto.randomUUID();
  await db().insert(userArticles).values({ id, userId, contentId: articleId });
  return id;
}

/** An open (PENDING) access request; returns its id. */
export async function createAccessRequest(
  userId: string,
  contentId: string,
  contentType: ContentType,
): Promise<string> {
  const id = crypto.randomUUID();
  await db().insert(contentRequests).values({ id, userId, contentId, contentType, status: 'PENDING' });
  return id;
}

/** An open (PENDING) publication request; returns its id. */
export async function createPublicationRequest(userId: string, contentId: string, type: ContentType): Promise<string> {
  const id = crypto.randomUUID();
  await db().insert(publicationRequests).values({ id, userId, contentId, type, status: 'PENDING' });
  return id;
}

/** A file row uploaded by `userId`, with image options set; returns the file key. */
export async function createImageOption(userId: string): Promise<string> {
  const { key } = await createBlob(userId);
  await db().insert(imageOptions).values({ blobKey: key, position: '50% 50%', scale: 1 });
  return key;
}

/** A PNG in R2 under a key of the shape uploads make (`image/{uuid}.png`); returns the key. */
export async function storeFile(): Promise<string> {
  const key = `image/${crypto.randomUUID()}.png`;
  await env.FILES.put(key, pngBytes(), { httpMetadata: { contentType: 'image/png' } });
  return key;
}

/** A password-reset token for the user, stored the way POST /users/mail stores one. */
export async function createResetToken(userId: string): Promise<string> {
  const token = crypto.randomUUID().replaceAll('-', '');
  const user = await db().select().from(users).where(eq(users.id, userId)).get();
  await env.KV.put(
    `password-reset:${await sha256Hex(token)}`,
    JSON.stringify({ userId, expiresAt: Date.now() + 600_000, stamp: user ? await resetStamp(user) : '' }),
  );
  return token;
}

/** A stored contact-form message, unread and open; returns its id. */
export async function createContactMessage(
  overrides: Partial<typeof contactMessages.$inferInsert> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await db()
    .insert(contactMessages)
    .values({
      id,
      kind: 'contact',
      name: 'Ada',
      email: `${id}@example.com`,
      message: 'Hello there',
      createdAt: Date.now(),
      ...overrides,
    });
  return id;
}

/** A live API token of the user (read scope, 30 days), stored as POST /tokens stores one; returns its id. */
export async function createApiTokenRow(userId: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await db()
    .insert(apiTokens)
    .values({
      id,
      userId,
      name: 'Matrix token',
      tokenHash: await sha256Hex(crypto.randomUUID()),
      scope: 'read',
      createdAt: now,
      expiresAt: now + 30 * 24 * 3600 * 1000,
    });
  return id;
}
