// How the API knows a request is an MCP tool's (docs/decisions/045-mcp-server.md): the MCP server calls the API app
// in-process with an execution context whose `props` say so. Props come from the caller's code, never from the
// request, so no client can claim "via MCP" for its own calls. Kept apart from the MCP server so the API's audit
// scope can read it without loading the SDK.

/** What the audit log records as the channel of a write made through the MCP server. */
export const VIA_MCP = 'mcp';

interface McpProps {
  via: typeof VIA_MCP;
}

/** The execution context of an in-process API call made by an MCP tool: the request's own, marked. */
export function mcpExecutionContext(ctx: ExecutionContext): ExecutionContext<McpProps> {
  return {
    waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: { via: VIA_MCP },
  } as ExecutionContext<McpProps>;
}

/** Whether the execution context is an MCP tool's API call. */
export function isViaMcp(ctx: ExecutionContext | undefined): boolean {
  const props = ctx?.props as Partial<McpProps> | undefined;
  return props?.via === VIA_MCP;
}
