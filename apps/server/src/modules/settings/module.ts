import type { TesseraModule } from '../../core/modules/module.js';
import { settingsRoutes } from './routes.js';
import { prepareSettings } from './setup.js';

/** Site settings: core's groups, and the API over every registered group. */
export const settingsModule: TesseraModule = {
  name: 'settings',
  setup(runtime) {
    prepareSettings(runtime);
  },
  async routes(app, runtime) {
    await settingsRoutes(app, runtime);
  },
};
