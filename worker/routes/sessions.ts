// /api/sessions: the caller's own signed-in sessions (device, since when, last seen), and signing out of the others
// (ASVS V7.5.2). Each caller sees and ends only their own; an ADMIN who deactivates or deletes an account ends all of
// its sessions anyway (worker/services/session.ts). docs/decisions/003-users-and-sessions.md.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { endedSessions, userSession, type UserSession } from '#schema/entities';
import { sessionIdParam } from '#schema/requests';
import type { AppEnv } from '../env';
import { iso } from '../services/db';
import { ok } from '../lib/envelope';
import { NotFound } from '../lib/errors';
import { currentUser, requireUser } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { endOtherSessions, endUserSession, listUserSessions } from '../services/session';
import { tellRoomsOf } from '../collab/members';
import { params } from '../middleware/validate';
import { sessionOnly } from '../middleware/token-scope';

export const sessionsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({ summary: "The caller's signed-in sessions, most recently seen first", result: z.array(userSession) }),
    sessionOnly,
    requireUser,
    async (c) => {
      const current = c.get('sessionId');
      const rows = await listUserSessions(c.get('db'), currentUser(c).id);
      const list: UserSession[] = rows.map((r) => ({
        id: r.id,
        device: r.device,
        createdAt: iso(r.createdAt),
        lastSeenAt: iso(r.lastSeenAt),
        current: r.id === current,
      }));
      return ok(c, list);
    },
  )

  .delete(
    '/',
    describe({ summary: "Signs out everywhere else: ends the caller's other sessions", result: endedSessions }),
    sessionOnly,
    requireUser,
    async (c) => {
      const ended = await endOtherSessions(c.get('db'), currentUser(c).id, c.get('sessionId') ?? '');
      await tellRoomsOf(c.env, currentUser(c).id); // their co-editing sockets of the ended sessions close now
      return ok(
        c,
        { ended },
        200,
        ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${ended} other sessions`,
      );
    },
  )

  .delete(
    '/:id',
    describe({ summary: "Ends one of the caller's sessions", result: z.null(), errors: [404] }),
    sessionOnly,
    requireUser,
    params(sessionIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await endUserSession(c.get('db'), currentUser(c).id, id))) throw new NotFound('Session not found');
      await tellRoomsOf(c.env, currentUser(c).id);
      return ok(c, null, 200, 'Session ended');
    },
  );
