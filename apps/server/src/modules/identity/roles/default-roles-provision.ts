import type { Data } from '../../../core/db/data.js';
import { defaultRoles } from './default-roles.js';
import { RolesRepo } from './repo.js';

/** Gives a new site the default roles with their permission sets; part of the site's creation transaction. */
export async function createDefaultRoles(tx: Data, siteId: number): Promise<Map<string, number>> {
  const roles = new RolesRepo(tx.site(siteId));
  const at = new Date().toISOString();
  const ids = new Map<string, number>();
  for (const role of defaultRoles) {
    const id = await roles.insert({
      slug: role.slug,
      name: role.name,
      description: role.description,
      isDefault: true,
      requiresTwoFactor: false,
      at,
    });
    // Computed roles (Super Admin, Admin) store no rows: their sets follow the catalogue.
    if (Array.isArray(role.permissions)) await roles.setPermissions(id, role.permissions);
    ids.set(role.slug, id);
  }
  return ids;
}
