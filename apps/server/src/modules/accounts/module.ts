import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import { publicSiteOf } from '../public/module.js';
import { declareAccountHooks } from './hooks.js';
import { AccountPages } from './pages/account-pages.js';
import { accountFormRoutes } from './pages/form-routes.js';
import { defineResetJob } from './password-reset.js';
import { accountRoutes } from './routes.js';
import { AccountsService } from './service.js';
import { registerAccountsSettings } from './settings.js';

export { accountOf, type SiteAccount } from './account-of.js';

/**
 * Site accounts: one realm of each site's visitors (the shop's customers and the members plugin's
 * members alike), never admin users and never holding an admin permission. Visitors register with a
 * confirmed address, sign in (a visitor session carries the account), reset a forgotten password
 * and keep their profile on pages in the site's theme; administrators list, suspend, delete or
 * anonymise and export them through /api/accounts.
 */
export const accountsModule: TesseraModule = {
  name: 'accounts',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  setup(runtime) {
    registerAccountsSettings(runtime);
    declareAccountHooks(runtime.hooks);
    defineResetJob(runtime);
  },
  routes(app, runtime) {
    accountRoutes(app, runtime, new AccountsService(runtime));
    const site = publicSiteOf(runtime);
    const pages = new AccountPages(runtime, site);
    pages.addTo();
    accountFormRoutes(app, runtime, site, pages);
  },
};
