import type { App } from '../core/http/app-type.js';
import type { Runtime } from '../core/runtime.js';
import { activityModule } from './activity/module.js';
import { identityModule } from './identity/module.js';
import { jobsModule } from './jobs/routes.js';
import { settingsModule } from './settings/module.js';
import { sitesModule } from './sites/module.js';

/** A domain module: a Fastify plugin registered with the runtime it works on. */
export type Module = (app: App, runtime: Runtime) => Promise<void>;

/** Every domain module, in registration order. */
export const modules: Module[] = [identityModule, activityModule, jobsModule, sitesModule, settingsModule];
