import type { App } from '../../core/http/app-type.js';
import type { Runtime } from '../../core/runtime.js';
import { activityRoutes } from './routes.js';

/** The activity log: every state change, with user, date, IP address and details (spec 1). */
export async function activityModule(app: App, runtime: Runtime): Promise<void> {
  await activityRoutes(app, runtime);
}
