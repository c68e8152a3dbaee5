import type { FastifyRequest } from 'fastify';
import { type Actor, anonymousActorOn } from '../access/actor.js';
import type { PermissionCatalogue } from '../access/permission-catalogue.js';
import { BadRequest, Unauthenticated } from '../errors.js';
import {
  type OperationContext,
  type OperationDeps,
  operationContext,
} from '../operation/operation-context.js';

/** The actor of an authenticated request on a site; the auth hooks have already vouched for both. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.site) throw new BadRequest('This request has no site.', 'no_site');
  if (!request.principal || !request.access) throw new Unauthenticated();
  return { site: request.site, access: request.access, userId: request.principal.userId, ip: request.ip };
}

/**
 * The operation a request on a site performs: as its user when signed in, else as an anonymous
 * visitor (only public routes let those through the auth hooks).
 */
export function operationOf(
  deps: OperationDeps & { readonly permissions: PermissionCatalogue },
  request: FastifyRequest,
): OperationContext {
  if (!request.site) throw new BadRequest('This request has no site.', 'no_site');
  const actor = request.principal
    ? actorOf(request)
    : anonymousActorOn(request.site, deps.permissions, request.ip);
  return operationContext(deps, actor);
}
