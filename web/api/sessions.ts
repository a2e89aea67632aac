// /api/sessions: the signed-in user's own sessions, and signing out of the others.
import * as z from 'zod/mini';
import { endedSessions, userSession } from '#schema/entities';
import { api, call, seg } from './client';

/** A 401 here is left to the account screen's own read of the user, which reports it. */
export const listSessions = () => call(api.sessions.$get(), z.array(userSession), { reportUnauthorized: false });
/** Ends every session of the caller but this one; answers how many ended. */
export const endOtherSessions = () => call(api.sessions.$delete(), endedSessions);
export const endSession = (id: string) => call(api.sessions[':id'].$delete({ param: { id: seg(id) } }), z.null());
