import { anonymousActorOn } from '../../core/access/actor.js';
import type { TesseraModule } from '../../core/modules/module.js';
import { operationContext } from '../../core/operation/operation-context.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import { actorOf } from '../identity/request-actor.js';
import { SettingsService } from '../settings/service.js';

/**
 * Installed plugins: loaded in every process's setup (after the core modules, whose permissions
 * and hooks they build on), their routes mounted by the server.
 */
export const pluginsModule: TesseraModule = {
  name: 'plugins',
  setup: (runtime) => {
    const settings = new SettingsService(runtime);
    return pluginsOf(runtime).load((site, group) => settings.read(site, group as never));
  },
  routes(app, runtime) {
    pluginsOf(runtime).mountRoutes(app, (request) => {
      // The plugin host answers 404 before this for a request without a site.
      const site = request.site;
      if (!site) throw new Error('a plugin route ran without a site');
      const actor = request.principal
        ? actorOf(request)
        : anonymousActorOn(site, runtime.permissions, request.ip);
      return operationContext(runtime, actor);
    });
  },
};
