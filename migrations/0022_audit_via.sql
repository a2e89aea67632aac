-- The MCP server (docs/decisions/045-mcp-server.md): an audit entry says when its write came through MCP.
-- A new nullable column at the end: nothing rebuilt, the append-only and outbox triggers untouched.
ALTER TABLE `audit_log` ADD COLUMN `via` text;
