import { operationOf } from '../../core/http/request-actor.js';
import type { TesseraModule } from '../../core/modules/module.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import { pluginPatterns } from '../content/fields/user-pattern.js';
import { pluginContentChecks } from '../content/types/plugin-types.js';
import { sendPluginMail } from '../email-templates/plugin-mail.js';
import { publicSiteOf } from '../public/module.js';
import { SettingsService } from '../settings/service.js';
import { adminModuleRoutes } from './admin-modules.js';
import { pluginImages } from './images.js';
import { mountPluginPages, pluginVisitor } from './pages.js';
import { pluginRoutes } from './routes.js';
import { registerPluginSettings } from './settings.js';

/**
 * Installed plugins: loaded in every process's setup (after the core modules, whose permissions
 * and hooks they build on), their routes mounted by the server.
 */
export const pluginsModule: TesseraModule = {
  name: 'plugins',
  setup: (runtime) => {
    registerPluginSettings(runtime);
    const settings = new SettingsService(runtime);
    return pluginsOf(runtime).load({
      readSettings: (site, group) => settings.read(site, group as never),
      content: pluginContentChecks,
      visitor: (request, reply) => pluginVisitor(runtime, request, reply),
      images: (site, ids) => pluginImages(runtime, site, ids),
      sendMail: (ctx, event, message) => sendPluginMail(runtime, ctx, event, message),
      patterns: pluginPatterns,
    });
  },
  routes(app, runtime) {
    pluginRoutes(app, runtime);
    adminModuleRoutes(app, runtime);
    pluginsOf(runtime).mountRoutes(app, (request) => operationOf(runtime, request));
    mountPluginPages(app, runtime, pluginsOf(runtime), publicSiteOf(runtime));
  },
};
