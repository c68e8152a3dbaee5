import type { Runtime } from '../../core/runtime.js';
import { SiteStore } from '../../core/sites/site-store.js';
import { alreadyInstalled, type Installation, type InstallInput, installWithin } from './service-install.js';
import { redeemSetupToken } from './setup-token.js';

/**
 * POST /api/setup: the install, allowed only to the holder of a setup link. The token is spent in
 * the install's own transaction, so it is spent exactly when the install commits.
 */
export async function setUpWithToken(
  runtime: Runtime,
  token: string,
  input: InstallInput,
  ip: string | null,
): Promise<Installation> {
  const installation = await runtime.data.transaction(async (tx) => {
    // Installed first: once set up, every link is void and saying so is more useful than "invalid".
    if ((await new SiteStore(tx.global).count()) > 0) throw alreadyInstalled();
    await redeemSetupToken(tx, token);
    return installWithin(tx, runtime, input, { via: 'setup', ip });
  });
  void runtime.caches.clear('sites');
  return installation;
}
