import type { FastifyRequest } from 'fastify';
import { BadRequest, Unauthenticated } from '../../core/errors.js';
import type { Actor } from './actor.js';

/** The actor of an authenticated request on a site; the auth hooks have already vouched for both. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.site) throw new BadRequest('This request has no site.', 'no_site');
  if (!request.principal || !request.access) throw new Unauthenticated();
  return { site: request.site, access: request.access, userId: request.principal.userId, ip: request.ip };
}
