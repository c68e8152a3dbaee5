import type { App } from '../../core/http/app-type.js';
import type { Runtime } from '../../core/runtime.js';
import { setupRoutes, siteRoutes } from './routes.js';
import { sitesRoutes } from './routes-sites.js';

/** Sites: the current site's public information, first-run setup, and the sites API of Super Admins. */
export async function sitesModule(app: App, runtime: Runtime): Promise<void> {
  await siteRoutes(app);
  await setupRoutes(app, runtime);
  await sitesRoutes(app, runtime);
}
