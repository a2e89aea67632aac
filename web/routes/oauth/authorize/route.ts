// An MCP client's OAuth consent (docs/decisions/045-mcp-server.md): signed in as an editor first.
import { drawnByTheBrowser, screen } from '#web/routes/+shared/route-kit';

export const route = screen({
  module: 'routes/oauth/authorize/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'editorOrAdmin',
  paths: { '/oauth/authorize': {} },
});
