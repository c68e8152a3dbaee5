import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { settingsOf } from '../settings/service.js';
import { AccountsRepo } from './repo.js';

/**
 * Whether the site's account pages answer: registration on, or accounts made before it closed
 * (so closing registration keeps members signing in). `registering`: the register page itself,
 * which answers only while registration is on.
 */
export async function accountPagesOpen(runtime: Runtime, site: Site, registering = false): Promise<boolean> {
  if ((await settingsOf(runtime, site, 'accounts')).registration) return true;
  return !registering && (await new AccountsRepo(runtime.data.site(site.id)).any());
}
