import { recordActivity } from '../../core/activity/record.js';
import type { Data } from '../../core/db/data.js';
import { Conflict, ValidationFailed } from '../../core/errors.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { SiteStore } from '../../core/sites/site-store.js';
import { identityOf } from '../identity/identity.js';
import { createDefaultRoles } from '../identity/roles/default-roles-provision.js';
import type { UserRow } from '../identity/users/first-admin.js';
import { createFirstSuperAdmin, emailInUse } from '../identity/users/first-admin.js';
import { checkInstallInput, handleOf, type InstallInput } from './install-rules.js';

export type { InstallInput } from './install-rules.js';

export interface Installation {
  site: Site;
  admin: UserRow;
}

/** Who asked for the installation, for the activity log. */
export interface InstallOrigin {
  via: 'cli' | 'setup' | 'environment';
  ip: string | null;
}

export function alreadyInstalled(): Conflict {
  return new Conflict('Tessera is already installed.', 'already_installed');
}

export async function isInstalled(runtime: Runtime): Promise<boolean> {
  return (await runtime.siteStore.count()) > 0;
}

/**
 * Installs Tessera: the first site with its default roles, and its Super Admin. One set of rules for
 * `tessera install`, the first start from TESSERA_ADMIN_* and POST /api/setup; all or nothing.
 */
export async function install(
  runtime: Runtime,
  input: InstallInput,
  origin: InstallOrigin,
): Promise<Installation> {
  const installation = await runtime.data.transaction((tx) => installWithin(tx, runtime, input, origin));
  // After commit: a host looked up (and missed) before the install must now find the site.
  void runtime.caches.clear('sites');
  return installation;
}

/** The install on a transaction the caller owns; the caller invalidates the site cache after commit. */
export async function installWithin(
  tx: Data,
  runtime: Runtime,
  input: InstallInput,
  origin: InstallOrigin,
): Promise<Installation> {
  // The default roles take every registered permission, so the core ones must be registered first.
  identityOf(runtime);
  const sites = new SiteStore(tx.global);
  if ((await sites.count()) > 0) throw alreadyInstalled();
  const checked = checkInstallInput(input);
  if (await emailInUse(tx, checked.adminEmail)) {
    throw ValidationFailed.field('admin_email', 'A user with this email address already exists.');
  }

  const at = new Date().toISOString();
  const siteId = await sites.insert({
    handle: handleOf(checked.siteName),
    name: checked.siteName,
    primaryDomain: checked.domain,
    aliases: [],
    defaultLocale: checked.locale,
    locales: [checked.locale],
    theme: 'default',
    settings: {},
    at,
  });
  const roles = await createDefaultRoles(tx, siteId);
  const admin = await createFirstSuperAdmin(
    tx,
    siteId,
    roles,
    {
      email: checked.adminEmail,
      displayName: checked.adminName,
      password: checked.adminPassword,
      locale: checked.locale,
    },
    at,
  );
  await recordActivity(tx, siteId, {
    userId: admin.id,
    action: 'site.installed',
    subjectType: 'site',
    subjectId: siteId,
    ip: origin.ip,
    details: { via: origin.via, domain: checked.domain },
  });

  const site = await sites.findById(siteId);
  if (!site) throw new Error('The installed site could not be read back.');
  return { site, admin };
}
