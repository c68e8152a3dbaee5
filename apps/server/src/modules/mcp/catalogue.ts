import type { Access } from '../../core/access/access.js';
import type { App } from '../../core/http/app-type.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { contentOf } from '../content/content.js';
import { entryTools } from './entry-tools.js';
import { mediaImportTool } from './media-import.js';
import { pluginTool } from './plugin-tools.js';
import { siteToolSpecs } from './site-tools.js';
import { type McpTool, routeTool } from './tool.js';
import { visible } from './visibility.js';

/** Who is asking, and whether the site's MCP surface is read-only. */
export interface Audience {
  readonly site: Site;
  readonly access: Access;
  readonly readOnly: boolean;
}

const siteTools = new WeakMap<App, McpTool[]>();

/**
 * The tools a caller sees, built when asked: the site's own tools, one set per content type as the
 * site has them now, and the tools of the plugins active on the site. A tool is listed when the
 * caller holds one of its permissions; on a read-only site, only tools that read.
 */
export async function toolsFor(runtime: Runtime, app: App, audience: Audience): Promise<McpTool[]> {
  let fixed = siteTools.get(app);
  if (!fixed) {
    fixed = [...siteToolSpecs().map((spec) => routeTool(app, spec)), mediaImportTool(runtime)];
    siteTools.set(app, fixed);
  }
  const byName = new Map<string, McpTool>(fixed.map((tool) => [tool.name, tool]));
  const types = await contentOf(runtime).types.ofSite(audience.site);
  for (const type of types.values()) {
    for (const tool of entryTools(app, type)) {
      // A custom type named like a site tool's area (`media`) keeps its tools under another name.
      const name = byName.has(tool.name) ? `content_${tool.name}` : tool.name;
      byName.set(name, { ...tool, name });
    }
  }
  for (const entry of pluginsOf(runtime).mcpEntries(audience.site.id)) {
    if (entry.kind !== 'tool') continue;
    if (byName.has(entry.name)) {
      runtime.log.warn({ plugin: entry.plugin, tool: entry.name }, 'MCP tool name taken: not listed');
      continue;
    }
    byName.set(entry.name, pluginTool(entry));
  }
  return [...byName.values()].filter(
    (tool) => visible(tool.permissions, audience.access) && allowedBy(tool, audience),
  );
}

function allowedBy(tool: McpTool, audience: Audience): boolean {
  return !audience.readOnly || tool.effect === 'read';
}
