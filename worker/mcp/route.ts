// /mcp in the worker's path split: the MCP server and its SDK load only when a request comes here (a dynamic import,
// so the rest of the worker starts without evaluating them). Decision 045.
import type { Env } from '../env';

/** The MCP endpoint (worker/paths.ts MCP_PATHS). */
export async function serveMcp(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { mcpApp } = await import('./server');
  return mcpApp.fetch(request, env, ctx);
}
