import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
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
export const identityModule: TesseraModule = {
  name: 'identity',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  async setup(runtime) {
    identityOf(runtime);
    await scheduleCredentialPurge(runtime);
    definePasswordResetJob(runtime);
  },
  async routes(app, runtime) {
    await authRoutes(app, runtime);
    await passwordRoutes(app, runtime);
    await twoFactorRoutes(app, runtime);
    await userRoutes(app, runtime);
    await roleRoutes(app, runtime);
    await permissionRoutes(app, runtime);
    await meRoutes(app, runtime);
  },
};
