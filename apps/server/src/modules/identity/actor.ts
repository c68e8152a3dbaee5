import { Forbidden } from '../../core/errors.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { Access } from './access.js';
import { identityOf } from './identity.js';

/**
 * Who performs an identity operation, on which site. Routes build it from the request
 * (request-actor.ts); the CLI acts as the system. Services take nothing else from the caller, so
 * the rules are the same whatever the entry point.
 */
export interface Actor {
  readonly site: Site;
  /** What the actor may do on the site (already narrowed to a token's permissions). */
  readonly access: Access;
  /** The acting user; null when the system acts (CLI, jobs), and activity rows then name no user. */
  readonly userId: number | null;
  readonly ip: string | null;
}

// No user has id 0: the system's Access compares owners against it and never matches a real one.
const SYSTEM_USER_ID = 0;

/**
 * The installation itself acting (an operator at the CLI): every permission, Super Admin rank.
 * Operator commands must be able to create the first Super Admin, so nothing may outrank it.
 */
export function systemActor(runtime: Runtime, site: Site): Actor {
  identityOf(runtime);
  const access = new Access(SYSTEM_USER_ID, true, new Set(runtime.permissions.all()), runtime.permissions);
  return { site, access, userId: null, ip: null };
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
