import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AppError } from '../../core/errors.js';
import type { PluginMcpEntry } from '../../core/plugins/plugin-host.js';
import type { McpTool } from './tool.js';
import { refusal } from './tool-result.js';
import { listedTo, visible } from './visibility.js';

type PluginToolEntry = Extract<PluginMcpEntry, { kind: 'tool' }>;

/**
 * A plugin's tool: its handler runs as the caller, like the plugin's routes. The permission it
 * declared is checked here before the handler runs (the catalogue already hid the tool from those
 * without it), then its input against its schema, with the envelope's 422 by path.
 */
export function pluginTool(entry: PluginToolEntry): McpTool {
  const { spec } = entry;
  const input: TObject | undefined = spec.input;
  return {
    name: entry.name,
    title: entry.name,
    description: spec.description,
    inputSchema: input ? (stripTypeBox(input) as McpTool['inputSchema']) : { type: 'object', properties: {} },
    effect: spec.destructive ? 'destructive' : spec.readOnly ? 'read' : 'write',
    permissions: listedTo(spec.permission),
    // Its handler runs in-process, with no REST request to charge it.
    budget: 'general',
    plugin: entry.plugin,
    async call(args, { operation }) {
      const ctx = operation();
      if (!visible(listedTo(spec.permission), ctx.actor.access))
        return refusal(403, 'permission_denied', `This requires the ${spec.permission} permission.`);
      if (input && !Value.Check(input, args)) {
        const errors: Record<string, string[]> = {};
        for (const error of Value.Errors(input, args)) {
          const path = error.path.replace(/^\//, '').replaceAll('/', '.') || 'input';
          errors[path] = [...(errors[path] ?? []), error.message];
        }
        return refusal(422, 'validation_failed', 'The given data was invalid.', errors);
      }
      try {
        const data = (await entry.handler(ctx, args as never)) ?? null;
        const structured = { data };
        return {
          content: [{ type: 'text', text: JSON.stringify(structured, null, 1) }],
          structuredContent: structured,
        };
      } catch (error) {
        if (error instanceof AppError)
          return refusal(error.status, error.code, error.message, { ...error.fields });
        ctx.log.error({ err: error, plugin: entry.plugin, tool: entry.name }, 'a plugin MCP tool failed');
        return refusal(500, 'internal_error', 'The tool failed; the error is in the server log.');
      }
    },
  };
}

/** A TypeBox schema as plain JSON Schema (TypeBox marks its objects with symbol keys JSON drops). */
export function stripTypeBox(schema: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}
