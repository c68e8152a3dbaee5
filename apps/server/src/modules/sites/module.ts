import type { App } from '../../core/http/app-type.js';
import type { Runtime } from '../../core/runtime.js';
import { setupRoutes, siteRoutes } from './routes.js';

/** Sites: the current site's public information and first-run setup. */
export async function sitesModule(app: App, runtime: Runtime): Promise<void> {
  await siteRoutes(app);
  await setupRoutes(app, runtime);
}
