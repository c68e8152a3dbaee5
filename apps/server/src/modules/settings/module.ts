import type { App } from '../../core/http/app-type.js';
import type { Runtime } from '../../core/runtime.js';
import { settingsRoutes } from './routes.js';
import { prepareSettings } from './setup.js';

/** Site settings: core's groups, and the API over every registered group. */
export async function settingsModule(app: App, runtime: Runtime): Promise<void> {
  prepareSettings(runtime);
  await settingsRoutes(app, runtime);
}
