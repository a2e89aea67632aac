// A page's in-process call to the API (worker/pages/in-process.ts) carries what the page's request already has: its
// user and session, its D1 session and drizzle handle, its request id. The API's middleware takes them instead of
// reading the session cookie, opening another D1 session and logging a line of its own (decision 048).
import type { AppEnv } from '../env';

type Vars = AppEnv['Variables'];
export interface CarriedRequest {
  user: Vars['user'];
  sessionId: Vars['sessionId'];
  apiToken: Vars['apiToken'];
  d1: Vars['d1'];
  db: Vars['db'];
  requestId: Vars['requestId'];
}

const carried = new WeakMap<Request, CarriedRequest>();

export const carry = (request: Request, from: CarriedRequest): void => void carried.set(request, from);
/** What the page carried with this request, if it is a page's in-process call. */
export const carriedBy = (request: Request): CarriedRequest | undefined => carried.get(request);
