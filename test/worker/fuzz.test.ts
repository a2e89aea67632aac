// A small seeded run of `npm run fuzz` (worker/scripts/fuzz-requests.ts) through the worker's real fetch
// handler: malformed requests to every registered route as anonymous, reader, editor and admin must each
// get a 2xx-4xx answer in the envelope. The full run is `npm run fuzz -- --requests 10000` (docs/security.md).
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '#schema/tables';
import { app } from '#worker/app';
import { formatReport, fuzzRequests, registeredRoutes, runFuzz, type FuzzRole } from '#worker/scripts/fuzz-requests';
import { BASE, createUser, expectConsoleError, sessionCookie } from './helpers';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';

const ROLE_OF: Record<Exclude<FuzzRole, 'anonymous'>, Role> = {
  reader: 'REGULAR_USER',
  editor: 'CLIENT',
  admin: 'ADMIN',
};

describe('fuzz', () => {
  it(
    'answers 600 seeded malformed requests over every route and role with no 5xx and always the envelope',
    { timeout: 120_000 },
    async () => {
      vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'fuzz' });
      // Some fuzzed calls reach code that logs on purpose (a mail that fails, for one); a 5xx would show in the report.
      expectConsoleError();
      const cookies = new Map<FuzzRole, string>();
      const signIn = async (role: Exclude<FuzzRole, 'anonymous'>) =>
        cookies.set(role, await sessionCookie(await createUser({ role: ROLE_OF[role] })));
      for (const role of ['reader', 'editor', 'admin'] as const) await signIn(role);

      const key = `image/${crypto.randomUUID()}.png`;
      await env.FILES.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        httpMetadata: { contentType: 'image/png' },
      });
      const channel = await createChannel();
      const article = await createArticle({
        channelId: channel.id,
        userId: channel.userId,
        thumbnailKey: key,
        media: { kind: 'gallery', images: [{ key }] },
      });
      const news = await createNewsItem({ refKind: 'article', refId: article.id });
      const category = await createCategory();
      const ids = [channel.id, article.id, news.id, category.id, channel.userId, article.slug, channel.slug];

      const routes = registeredRoutes(app.routes);
      const report = await runFuzz(
        {
          baseUrl: BASE,
          send: (request) => exports.default.fetch(request),
          cookie: (role) => Promise.resolve(role === 'anonymous' ? undefined : cookies.get(role)),
          renew: async (role) => {
            if (role !== 'anonymous') await signIn(role);
          },
        },
        fuzzRequests(routes, { ids, fileKeys: [key] }, 600, 20261119),
      );
      console.log(formatReport(report), JSON.stringify(report.statuses));
      expect(report.findings).toEqual([]);
      expect(report.requests).toBe(600);
      // The run reached the routes' own answers, not only the front door.
      expect(Object.keys(report.statuses).length).toBeGreaterThan(5);
    },
  );
});
