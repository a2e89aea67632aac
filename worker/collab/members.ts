// Which rooms a user is in, so that the paths that end or change someone's rights (sign-out, ended sessions, a new
// role, deactivation, a new password, a deleted account) can tell those rooms to check again at once, instead of at
// their next alarm. A KV key per (user, room), written by the room when the user joins and removed when their last
// socket there leaves; a day's expiry clears what a crash left behind (docs/decisions/051).
import type { Env } from '../env';
import { roomStub } from './room-key';

const PREFIX = 'collab-member:';
const DAY_SECONDS = 24 * 3600;

const key = (userId: string, articleId: string, language: string) => `${PREFIX}${userId}:${articleId}:${language}`;

export async function noteMember(env: Env, userId: string, articleId: string, language: string): Promise<void> {
  await env.KV.put(key(userId, articleId, language), '1', { expirationTtl: DAY_SECONDS });
}

export async function forgetMember(env: Env, userId: string, articleId: string, language: string): Promise<void> {
  await env.KV.delete(key(userId, articleId, language));
}

/**
 * Tells every room the user is in to check everyone's rights now; returns how many sockets they closed. A room that
 * cannot be reached is left to its own alarm (it checks every minute while anyone is in it).
 */
export async function tellRoomsOf(env: Env, userId: string): Promise<number> {
  const listed = await env.KV.list({ prefix: `${PREFIX}${userId}:` }).catch(() => ({ keys: [] }));
  const closed = await Promise.all(
    listed.keys.map(async ({ name }) => {
      const [articleId, language] = name.slice(PREFIX.length + userId.length + 1).split(':');
      if (!articleId || !language) return 0;
      return roomStub(env, articleId, language)
        .recheck()
        .catch(() => 0);
    }),
  );
  return closed.reduce((a, b) => a + b, 0);
}
