import type { App } from '../../core/http/app-type.js';
import type { Runtime } from '../../core/runtime.js';
import { identityOf } from './identity.js';
import { authRoutes } from './routes-auth.js';

/** Users, roles, permissions, sessions and API tokens. The auth hooks themselves are installed by app.ts. */
export async function identityModule(app: App, runtime: Runtime): Promise<void> {
  identityOf(runtime);
  await authRoutes(app, runtime);
}
