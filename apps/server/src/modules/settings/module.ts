import type { TesseraModule } from '../../core/modules/module.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import { perSiteStep } from '../../core/plugins/uninstall.js';
import { SettingsRepo } from './repo.js';
import { settingsRoutes } from './routes.js';
import { prepareSettings } from './setup.js';

/** Site settings: core's groups, and the API over every registered group. */
export const settingsModule: TesseraModule = {
  name: 'settings',
  setup(runtime) {
    prepareSettings(runtime);
    // An uninstalled plugin's settings group leaves every site.
    pluginsOf(runtime).addUninstallStep(
      perSiteStep(runtime, {
        count: async (siteId, { area }) =>
          (await new SettingsRepo(runtime.data.site(siteId)).list(area)).length,
        say: (count, { area }) => `its settings (${area}): ${count} stored value(s)`,
        remove: (siteId, { area }) => new SettingsRepo(runtime.data.site(siteId)).removeGroup(area),
      }),
    );
  },
  async routes(app, runtime) {
    await settingsRoutes(app, runtime);
  },
};
