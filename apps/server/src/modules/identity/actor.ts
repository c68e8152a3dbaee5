import { Access } from '../../core/access/access.js';
import type { Actor } from '../../core/access/actor.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { identityOf } from './identity.js';

// Identity's files still import these from here; the shared definitions live in core/access.
export { type Actor, permissionsBeyond, requirePermission } from '../../core/access/actor.js';

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
