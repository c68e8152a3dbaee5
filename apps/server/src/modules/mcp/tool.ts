import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../core/http/app-type.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import { fillPath, type RestRelay } from './relay.js';
import {
  declaredPermission,
  type RouteInput,
  routeInput,
  splitArguments,
  type ToolInputSchema,
} from './route-input.js';
import { toolResultOf } from './tool-result.js';
import { listedTo } from './visibility.js';

/** What a tool may do to the site, for its annotations and the read-only setting. */
export type ToolEffect = 'read' | 'write' | 'destructive';

/**
 * What one MCP message spends of the caller's rate limits: `relayed` when it makes one REST request
 * and that route charges it, in its own group (`search` for a search); otherwise the group the
 * endpoint charges before the message runs (`upload` for an upload from a URL, `general` else).
 */
export type McpBudget = 'relayed' | 'general' | 'upload';

/**
 * One MCP tool as the catalogue holds it. `permissions` decides whether a caller sees it at all
 * (any one of them; none for every signed-in user): the REST route it runs still checks the real
 * rule, item by item (own or others' entries).
 */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: ToolInputSchema;
  readonly effect: ToolEffect;
  readonly permissions: readonly string[];
  readonly budget: McpBudget;
  /** Set for a plugin's tool: the plugin that owns it. */
  readonly plugin?: string;
  call(args: Record<string, unknown>, on: ToolCall): Promise<CallToolResult>;
}

/** What a tool runs with: the REST API as the caller, or (plugins' tools) the caller's operation. */
export interface ToolCall {
  readonly rest: RestRelay;
  operation(): OperationContext;
}

export function annotationsOf(tool: McpTool): ToolAnnotations {
  return {
    title: tool.title,
    readOnlyHint: tool.effect === 'read',
    destructiveHint: tool.effect === 'destructive',
    openWorldHint: false,
  };
}

export interface RouteToolSpec {
  name: string;
  title: string;
  description: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The OpenAPI path (`/api/posts/{id}`). */
  path: string;
  effect: ToolEffect;
  /** Who sees the tool; by default the permission the route declares (none for `authenticated`). */
  permissions?: readonly string[];
  /** Arguments the tool sets itself, by name: path values (a custom type's slug) or query values. */
  fixed?: Record<string, unknown>;
  /** Narrower schemas for some body properties (a content type's fields). */
  overrides?: Record<string, Record<string, unknown>>;
  /** Only these body properties, all required (alt text alone of a media item's details). */
  bodyKeys?: readonly string[];
}

/** A tool that performs one REST operation with the caller's credentials. */
export function routeTool(app: App, spec: RouteToolSpec): McpTool {
  const fixed = spec.fixed ?? {};
  const input: RouteInput = routeInput(app, spec.method, spec.path, {
    fixed: Object.keys(fixed),
    ...(spec.overrides ? { overrides: spec.overrides } : {}),
    ...(spec.bodyKeys ? { bodyKeys: spec.bodyKeys } : {}),
  });
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: input.schema,
    effect: spec.effect,
    permissions: spec.permissions ?? listedTo(declaredPermission(app, spec.method, spec.path)),
    // Exactly one REST request per call, whatever the arguments: its route charges it.
    budget: 'relayed',
    async call(args, { rest }) {
      const { path, query, body } = splitArguments(input, args);
      const fixedQuery = Object.fromEntries(
        Object.entries(fixed).filter(([name]) => !spec.path.includes(`{${name}}`)),
      );
      return toolResultOf(
        await rest.send({
          method: spec.method,
          url: fillPath(spec.path, { ...path, ...fixed }),
          query: { ...query, ...fixedQuery },
          ...(body === undefined ? {} : { body }),
        }),
      );
    },
  };
}
