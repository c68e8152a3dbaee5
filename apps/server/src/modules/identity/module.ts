import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import { perSiteStep } from '../../core/plugins/uninstall.js';
import { authRoutes } from './auth/routes.js';
import { identityOf } from './identity.js';
import { passwordRoutes } from './password/routes.js';
import { definePasswordResetJob } from './password/service.js';
import { meRoutes } from './profile/routes.js';
import { scheduleCredentialPurge } from './purge-expired.js';
import { RolesRepo } from './roles/repo.js';
import { roleRoutes } from './roles/routes.js';
import { permissionRoutes } from './roles/routes-permissions.js';
import { twoFactorRoutes } from './two-factor/routes.js';
import { userRoutes } from './users/routes.js';

/** Users, roles, permissions, sessions and API tokens. The auth hooks themselves are installed by app.ts. */
export const identityModule: TesseraModule = {
  name: 'identity',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  async setup(runtime) {
    identityOf(runtime);
    await scheduleCredentialPurge(runtime);
    definePasswordResetJob(runtime);
    // Roles lose their grants of an uninstalled plugin's permissions.
    pluginsOf(runtime).addUninstallStep(
      perSiteStep(runtime, {
        count: async (siteId, { area }) =>
          [...(await new RolesRepo(runtime.data.site(siteId)).permissionsByRole()).values()]
            .flat()
            .filter((permission) => permission.startsWith(`${area}.`)).length,
        say: (count, { area }) => `${count} grant(s) of its permissions (${area}.*) to roles`,
        remove: (siteId, { area }) => new RolesRepo(runtime.data.site(siteId)).revokeStartingWith(`${area}.`),
      }),
    );
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
