import type { App } from '../../core/http/app-type.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import {
  AllSettings,
  AllSettingsSchemas,
  SettingsBody,
  SettingsGroupBody,
  SettingsGroupParams,
  SettingsValues,
} from './schemas.js';
import { SettingsService } from './service.js';

const errorPaths =
  'Unknown keys and bad values give 422 with one entry per setting, keyed `<group>.<key>` (`general.time_zone`, `media.allowed_types.2`).';

/** /api/settings: the request site's settings, by group. */
export async function settingsRoutes(app: App, runtime: Runtime): Promise<void> {
  const settings = new SettingsService(runtime);
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'settings');

  routes.get(
    '/api/settings',
    {
      permission: 'settings.view',
      summary: 'Every settings group of the site, with defaults for what was never set',
      data: AllSettings,
    },
    (ctx) => settings.all(ctx),
  );

  // Fastify prefers this static path to /api/settings/:group, whatever the order they are added in.
  routes.get(
    '/api/settings/schemas',
    {
      permission: 'settings.view',
      summary: "Every settings group's JSON Schema, with its secret and guarded keys",
      description:
        'What a form for each group is built from, for the groups GET /api/settings lists (plugins\' included). A group named "schemas" is read through GET /api/settings.',
      data: AllSettingsSchemas,
    },
    (ctx) => settings.schemas(ctx),
  );

  routes.put(
    '/api/settings',
    {
      permission: 'settings.edit',
      summary: 'Change settings of several groups at once: only the keys sent, all or nothing',
      description: errorPaths,
      body: SettingsBody,
      data: AllSettings,
    },
    (ctx, { body }) => settings.update(ctx, body),
  );

  routes.get(
    '/api/settings/:group',
    {
      permission: 'settings.view',
      summary: 'One settings group (404 for a group nobody registered)',
      params: SettingsGroupParams,
      data: SettingsValues,
    },
    (ctx, { params }) => settings.group(ctx, params.group),
  );

  routes.put(
    '/api/settings/:group',
    {
      permission: 'settings.edit',
      summary: 'Change a settings group: only the keys sent',
      description: errorPaths,
      params: SettingsGroupParams,
      body: SettingsGroupBody,
      data: SettingsValues,
    },
    (ctx, { params, body }) => settings.updateGroup(ctx, params.group, body),
  );
}
