import type { TesseraModule } from '../../core/modules/module.js';
import { setupRoutes, siteRoutes } from './routes.js';

/** Sites: the current site's public information and first-run setup. */
export const sitesModule: TesseraModule = {
  name: 'sites',
  async routes(app, runtime) {
    await siteRoutes(app);
    await setupRoutes(app, runtime);
  },
};
