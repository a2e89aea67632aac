// How the API knows a request is an MCP tool's (docs/decisions/045-mcp-server.md): the MCP server calls the API app
// in-process with an execution context whose `props` say so, and carry who the /mcp request was authenticated as.
// Props come from the caller's code, never from the request, so no client can claim "via MCP" for its own calls nor
// an identity. Kept apart from the MCP server so the API's session and audit can read it without loading the SDK.
import type { SessionUser } from '#schema/entities';
import type { ApiTokenUse } from './tokens';

/** What the audit log records as the channel of a write made through the MCP server. */
export const VIA_MCP = 'mcp';

/**
 * Who the /mcp request was authenticated as (authenticateBearer at the primary, the moment the request came), and
 * with which credential: the API takes it instead of looking the token up again, for that credential only.
 */
export interface McpIdentity {
  credential: string;
  user: SessionUser;
  apiToken: ApiTokenUse;
}

interface McpProps {
  via: typeof VIA_MCP;
  identity: McpIdentity;
}

/** The execution context of an in-process API call made by an MCP tool: the request's own, marked. */
export function mcpExecutionContext(ctx: ExecutionContext, identity: McpIdentity): ExecutionContext<McpProps> {
  return {
    waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: { via: VIA_MCP, identity },
  } as ExecutionContext<McpProps>;
}

const propsOf = (ctx: ExecutionContext | undefined) => ctx?.props as Partial<McpProps> | undefined;

/** Whether the execution context is an MCP tool's API call. */
export function isViaMcp(ctx: ExecutionContext | undefined): boolean {
  return propsOf(ctx)?.via === VIA_MCP;
}

/**
 * The identity an MCP tool's API call carries, when it was checked for this very credential (the bearer the call
 * sends); otherwise undefined and the credential is looked up as any other.
 */
export function checkedMcpIdentity(ctx: ExecutionContext | undefined, credential: string): McpIdentity | undefined {
  const props = propsOf(ctx);
  return props?.via === VIA_MCP && props.identity?.credential === credential ? props.identity : undefined;
}
