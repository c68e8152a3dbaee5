import type { App } from '../../core/http/app-type.js';
import type { Runtime } from '../../core/runtime.js';
import { identityOf } from './identity.js';
import { scheduleCredentialPurge } from './purge-expired.js';
import { authRoutes } from './routes-auth.js';
import { meRoutes } from './routes-me.js';
import { passwordRoutes } from './routes-password.js';
import { permissionRoutes } from './routes-permissions.js';
import { roleRoutes } from './routes-roles.js';
import { twoFactorRoutes } from './routes-two-factor.js';
import { userRoutes } from './routes-users.js';
import { definePasswordResetJob } from './service-password-reset.js';

/** Users, roles, permissions, sessions and API tokens. The auth hooks themselves are installed by app.ts. */
export async function identityModule(app: App, runtime: Runtime): Promise<void> {
  identityOf(runtime);
  await authRoutes(app, runtime);
  await passwordRoutes(app, runtime);
  await twoFactorRoutes(app, runtime);
  await userRoutes(app, runtime);
  await roleRoutes(app, runtime);
  await permissionRoutes(app, runtime);
  await meRoutes(app, runtime);
  await scheduleCredentialPurge(runtime);
  definePasswordResetJob(runtime);
}
