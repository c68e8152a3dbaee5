import { type Actor, systemActorOn } from '../../core/access/actor.js';
import { type OperationContext, operationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { identityOf } from './identity.js';

// Identity's files still import these from here; the shared definitions live in core/access.
export { type Actor, permissionsBeyond, requirePermission } from '../../core/access/actor.js';

/** The installation itself acting on a site (see systemActorOn), once identity's permissions are known. */
export function systemActor(runtime: Runtime, site: Site): Actor {
  identityOf(runtime);
  return systemActorOn(site, runtime.permissions);
}

/** An operation by the installation itself on `site`: what CLI commands and jobs run services with. */
export function systemOperation(runtime: Runtime, site: Site): OperationContext {
  return operationContext(runtime, systemActor(runtime, site));
}

/**
 * A user acting on `site` as they stand there now (role, status), for work done on their behalf
 * outside a request of theirs; null when the account is gone or suspended.
 */
export async function userActorOn(runtime: Runtime, userId: number, site: Site): Promise<Actor | null> {
  const { resolver } = identityOf(runtime);
  const standing = await resolver.standing(userId, site.id);
  if (standing?.status !== 'active') return null;
  return { site, access: resolver.access(standing, null), userId, ip: null };
}
