import type { App } from '../../core/http/app-type.js';
import { Envelope, ErrorBody, one } from '../../core/http/envelope.js';
import type { Runtime } from '../../core/runtime.js';
import { actorOf } from '../identity/request-actor.js';
import {
  AllSettings,
  SettingsBody,
  SettingsGroupBody,
  SettingsGroupParams,
  SettingsValues,
} from './schemas.js';
import { SettingsService } from './service.js';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const errorPaths =
  'Unknown keys and bad values give 422 with one entry per setting, keyed `<group>.<key>` (`general.time_zone`, `media.allowed_types.2`).';

/** /api/settings: the request site's settings, by group. */
export async function settingsRoutes(app: App, runtime: Runtime): Promise<void> {
  const settings = new SettingsService(runtime);

  app.get(
    '/api/settings',
    {
      config: { permission: 'settings.view' },
      schema: {
        tags: ['settings'],
        summary: 'Every settings group of the site, with defaults for what was never set',
        response: { 200: Envelope(AllSettings), ...errors },
      },
    },
    async (request) => one(await settings.all(actorOf(request))),
  );

  app.put(
    '/api/settings',
    {
      config: { permission: 'settings.edit' },
      schema: {
        tags: ['settings'],
        summary: 'Change settings of several groups at once: only the keys sent, all or nothing',
        description: errorPaths,
        body: SettingsBody,
        response: { 200: Envelope(AllSettings), ...errors },
      },
    },
    async (request) => one(await settings.update(actorOf(request), request.body)),
  );

  app.get(
    '/api/settings/:group',
    {
      config: { permission: 'settings.view' },
      schema: {
        tags: ['settings'],
        summary: 'One settings group (404 for a group nobody registered)',
        params: SettingsGroupParams,
        response: { 200: Envelope(SettingsValues), ...errors },
      },
    },
    async (request) => one(await settings.group(actorOf(request), request.params.group)),
  );

  app.put(
    '/api/settings/:group',
    {
      config: { permission: 'settings.edit' },
      schema: {
        tags: ['settings'],
        summary: 'Change a settings group: only the keys sent',
        description: errorPaths,
        params: SettingsGroupParams,
        body: SettingsGroupBody,
        response: { 200: Envelope(SettingsValues), ...errors },
      },
    },
    async (request) => one(await settings.updateGroup(actorOf(request), request.params.group, request.body)),
  );
}
