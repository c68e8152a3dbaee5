import { Forbidden } from '../errors.js';
import type { Site } from '../sites/site.js';
import { Access } from './access.js';
import type { PermissionCatalogue } from './permission-catalogue.js';

/**
 * Who performs an operation, on which site. Routes build it from the request; the CLI and jobs act
 * as the system. Services take nothing else from the caller, so the rules are the same whatever the
 * entry point.
 */
export interface Actor {
  readonly site: Site;
  /** What the actor may do on the site (already narrowed to a token's permissions). */
  readonly access: Access;
  /** The acting user; null when the system acts (CLI, jobs), and activity rows then name no user. */
  readonly userId: number | null;
  readonly ip: string | null;
}

/** Routes check the permission before the handler runs; services check again so every entry point obeys it. */
export function requirePermission(actor: Actor, permission: string): void {
  if (!actor.access.allows(permission))
    throw new Forbidden(`This requires the ${permission} permission.`, 'permission_denied');
}

/**
 * Nobody hands out more than they hold: granting permissions (to a role, a role to a user, or to a
 * token) is refused unless the actor holds every one of them. A Super Admin holds everything, unless
 * acting through a token narrowed to less.
 */
export function permissionsBeyond(actor: Actor, permissions: Iterable<string>): string[] {
  return [...new Set(permissions)].filter((id) => !actor.access.allows(id)).sort();
}

// No user has id 0 or -1: owner comparisons against these never match a real user.
const SYSTEM_USER_ID = 0;
const ANONYMOUS_USER_ID = -1;

/**
 * The installation itself acting (an operator at the CLI, a job): every permission, Super Admin
 * rank. Operator commands must be able to create the first Super Admin, so nothing may outrank it.
 */
export function systemActorOn(site: Site, catalogue: PermissionCatalogue): Actor {
  return {
    site,
    access: new Access(SYSTEM_USER_ID, true, new Set(catalogue.all()), catalogue),
    userId: null,
    ip: null,
  };
}

/** A visitor nobody signed in as: holds no permission, reaches only public routes. */
export function anonymousActorOn(site: Site, catalogue: PermissionCatalogue, ip: string | null): Actor {
  return { site, access: new Access(ANONYMOUS_USER_ID, false, new Set(), catalogue), userId: null, ip };
}
