// The MCP tools' only way to the portal's data: an in-process call of the API app (worker/app.ts) with the caller's
// own bearer token. So every tool goes through the same scope rule, guards, validation, rate limits and audit log as
// any API client, and can reach nothing the person could not reach through /api. The token itself was checked once,
// at /mcp: the call carries that identity (worker/lib/mcp-via.ts) and the API takes it for this token instead of a second look-up.
// Decision 045.
import type { Envelope } from '#schema/entities';
import { app } from '../app';
import type { Env } from '../env';
import { mcpExecutionContext, type McpIdentity } from '../lib/mcp-via';

/** Who calls, and the request they came with. */
export interface McpCaller {
  env: Env;
  ctx: ExecutionContext;
  /** The portal API token (`sop_...`) the call acts with: the bearer's own, or the one an OAuth grant holds. */
  token: string;
  /** The /mcp request: its origin, and the headers the API's rate limits and log read (address, ray). */
  request: Request;
  /** Who the /mcp request was authenticated as, with `token`: the API takes it instead of looking it up again. */
  identity: McpIdentity;
}

/** The API refused the call: its status and its own message (the envelope's), given to the model as they are. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Headers of the /mcp request the API reads for its limits and its log. */
const FORWARDED = ['CF-Connecting-IP', 'cf-ray', 'User-Agent', 'Accept-Language'];

/**
 * Calls `/api{path}` as the caller. A FormData body goes as multipart (uploads), anything else as JSON. Answers the
 * envelope's result, or throws ApiRefusal with the API's status and message.
 */
export async function callApi<T>(
  caller: McpCaller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers = new Headers({ Authorization: `Bearer ${caller.token}`, Accept: 'application/json' });
  for (const name of FORWARDED) {
    const value = caller.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  const url = new URL(`/api${path}`, caller.request.url);
  const res = await app.fetch(
    new Request(url, { method, headers, body: payload }),
    caller.env,
    mcpExecutionContext(caller.ctx, caller.identity),
  );
  const envelope = await res.json<Envelope<T>>();
  if (!res.ok) throw new ApiRefusal(res.status, envelope.message);
  return envelope.result;
}

/** `?name=value` of the defined values. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
