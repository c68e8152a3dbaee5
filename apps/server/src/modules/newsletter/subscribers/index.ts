import type { App } from '../../../core/http/app-type.js';
import type { Runtime } from '../../../core/runtime.js';
import { publicSiteOf } from '../../public/module.js';
import { ImportsService } from './import-service.js';
import { ListsService } from './lists-service.js';
import { SubscriberPages } from './pages.js';
import { subscriberFormRoutes } from './public-routes.js';
import { subscriberApiRoutes } from './routes.js';
import { SubscribersService } from './service.js';

export { manageUrl } from './links.js';

/** Declares the subscribers half's job handlers, hooks and settings (every process). */
export function setupSubscribers(runtime: Runtime): void {
  new ImportsService(runtime).defineJob();
}

/** The subscribers half's API and public routes (the server only). */
export function subscriberRoutes(app: App, runtime: Runtime): void {
  subscriberApiRoutes(app, runtime, {
    lists: new ListsService(runtime),
    subscribers: new SubscribersService(runtime),
    imports: new ImportsService(runtime),
  });
  const site = publicSiteOf(runtime);
  new SubscriberPages(runtime, site).addTo();
  subscriberFormRoutes(app, runtime, site);
}
