import { Type } from '@sinclair/typebox';
import type { App } from '../../core/http/app-type.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import { activatePlugin, deactivatePlugin } from '../../core/plugins/plugin-admin.js';
import { type PluginStatus, pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';

const PluginView = Type.Object({
  name: Type.String(),
  version: Type.String(),
  state: Type.Union([Type.Literal('loaded'), Type.Literal('failed')], {
    description: '`failed` when its manifest, module or setup threw: it does nothing anywhere',
  }),
  error: Type.Union([Type.Null(), Type.String()], { description: 'Why it failed to load' }),
  active: Type.Boolean({ description: 'Switched on for this site' }),
});

const NameParams = Type.Object(
  { name: Type.String({ pattern: '^[a-z][a-z0-9-]{0,38}[a-z0-9]$' }) },
  { additionalProperties: false },
);

/**
 * /api/plugins (plugins.manage): the installed plugins, and whether each is on for this site, as
 * WordPress's Plugins screen. Installing stays `tessera plugin:install`, on the server: a plugin is
 * code, never uploaded through the API.
 */
export function pluginRoutes(app: App, runtime: Runtime): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'plugins');
  const host = pluginsOf(runtime);
  const view = (ctx: OperationContext, status: PluginStatus) => ({
    name: status.name,
    version: status.version,
    state: status.state,
    error: status.error,
    active: host.isActive(status.name, ctx.site.id),
  });
  const found = (name: string) => host.list().find((status) => status.name === name);
  routes.get(
    '/api/plugins',
    {
      permission: 'plugins.manage',
      summary: 'The installed plugins, with whether each is on for this site',
      data: Type.Array(PluginView),
    },
    async (ctx) => host.list().map((status) => view(ctx, status)),
  );
  routes.put(
    '/api/plugins/:name/active',
    {
      permission: 'plugins.manage',
      summary: 'Switch a plugin on or off for this site',
      description:
        "Other servers follow within seconds (the cache epoch). Off, the plugin's data stays. 404 for a plugin not installed.",
      params: NameParams,
      body: Type.Object({ active: Type.Boolean() }, { additionalProperties: false }),
      data: PluginView,
    },
    async (ctx, { params, body }) => {
      if (body.active) await activatePlugin(runtime, params.name, ctx.site, ctx.actor);
      else await deactivatePlugin(runtime, params.name, ctx.site, ctx.actor);
      // Installed by another process since this one started: not loaded here until it restarts.
      return view(
        ctx,
        found(params.name) ?? {
          name: params.name,
          version: '',
          folder: '',
          state: 'failed',
          error: 'Installed after this server started: restart it to load the plugin.',
          activeOn: [],
        },
      );
    },
  );
}
