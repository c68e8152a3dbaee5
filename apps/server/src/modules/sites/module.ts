import type { TesseraModule } from '../../core/modules/module.js';
import { setupRoutes, siteRoutes } from './routes.js';
import { sitesRoutes } from './routes-sites.js';
import { scheduleSetupTokenPurge } from './setup-token.js';

/** Sites: the current site's public information, first-run setup, and the sites API of Super Admins. */
export const sitesModule: TesseraModule = {
  name: 'sites',
  async setup(runtime) {
    await scheduleSetupTokenPurge(runtime);
  },
  async routes(app, runtime) {
    await siteRoutes(app, runtime);
    await setupRoutes(app, runtime);
    await sitesRoutes(app, runtime);
  },
};
