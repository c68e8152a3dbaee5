import type { App } from '../../core/http/app-type.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import type { Audience } from './catalogue.js';
import type { RestAnswer, RestRelay } from './relay.js';
import { declaredPermission } from './route-input.js';
import type { McpBudget } from './tool.js';
import { listedTo, visible } from './visibility.js';

/** A document an AI client may read for context. */
export interface McpResource {
  readonly uri: string;
  readonly name: string;
  readonly description: string;
  readonly mimeType: string;
  readonly permissions: readonly string[];
  readonly budget: McpBudget;
  read(on: { rest: RestRelay; operation(): OperationContext }): Promise<ResourceText>;
}

export type ResourceText = { ok: true; text: string } | { ok: false; status: number; message: string };

const coreResources = [
  {
    uri: 'tessera://content-types',
    name: 'content-types',
    path: '/api/content-types',
    route: '/api/content-types',
    description:
      'The content types of the site with their field definitions (types, required, choices) and taxonomies',
  },
  {
    uri: 'tessera://blocks',
    name: 'blocks',
    path: '/api/builder/blocks',
    route: '/api/builder/blocks',
    description: 'The block registry of the page builder: each block type with its prop schema and defaults',
  },
  {
    uri: 'tessera://settings',
    name: 'settings',
    path: '/api/settings',
    route: '/api/settings',
    description: "The site's settings, every group",
  },
  {
    uri: 'tessera://design-tokens',
    name: 'design-tokens',
    path: '/api/settings/design',
    route: '/api/settings/{group}',
    description: "The site's design tokens: colours, fonts, type scale, spacing, radius, shadow",
  },
] as const;

/** Each resource is a GET of the REST API as the caller, and is listed to whoever may make it. */
export function resourcesFor(runtime: Runtime, app: App, audience: Audience): McpResource[] {
  const core: McpResource[] = coreResources.map((resource) => {
    return {
      uri: resource.uri,
      name: resource.name,
      description: resource.description,
      mimeType: 'application/json',
      permissions: listedTo(declaredPermission(app, 'GET', resource.route)),
      budget: 'relayed',
      read: async ({ rest }) => textOf(await rest.get(resource.path)),
    };
  });
  const plugins: McpResource[] = pluginsOf(runtime)
    .mcpEntries(audience.site.id)
    .flatMap((entry) => (entry.kind === 'resource' ? [entry] : []))
    .map((entry) => ({
      uri: `tessera://plugins/${entry.plugin}/${entry.name}`,
      name: `${entry.plugin}/${entry.name}`,
      description: entry.spec.description,
      mimeType: entry.spec.mimeType ?? 'application/json',
      permissions: listedTo(entry.spec.permission),
      budget: 'general',
      read: async ({ operation }) => {
        const value = await entry.read(operation());
        return { ok: true, text: typeof value === 'string' ? value : JSON.stringify(value, null, 1) };
      },
    }));
  return [...core, ...plugins].filter((resource) => visible(resource.permissions, audience.access));
}

function textOf(answer: RestAnswer): ResourceText {
  if (answer.status >= 400)
    return {
      ok: false,
      status: answer.status,
      message: String(answer.body?.message ?? 'The request failed.'),
    };
  return { ok: true, text: JSON.stringify(answer.body?.data ?? null, null, 1) };
}
