import type { TesseraModule } from '../../core/modules/module.js';
import { mcpRoutes } from './routes.js';

/**
 * The MCP server (issue 21): AI clients work on a site's content through tools that each perform a
 * REST operation as the caller. It declares nothing of its own in setup: its settings group is the
 * core's (`mcp`), its permissions are the REST routes'.
 */
export const mcpModule: TesseraModule = {
  name: 'mcp',
  routes: mcpRoutes,
};
