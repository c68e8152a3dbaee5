import type { FastifyRequest } from 'fastify';
import { formatBytes } from '../byte-size.js';
import { PayloadTooLarge } from '../errors.js';

/**
 * The 413 for a body over the route's limit, naming that limit: the sender can then cut the body
 * down (or an operator raise BODY_LIMIT) rather than guess. A route with its own, smaller limit
 * (a public form) says so without pointing at a setting that would not change it.
 */
export function bodyTooLarge(request: FastifyRequest): PayloadTooLarge {
  const limit = request.routeOptions.bodyLimit;
  const size = formatBytes(limit);
  return new PayloadTooLarge(
    limit === request.server.initialConfig.bodyLimit
      ? `The request body is larger than the ${size} this server accepts (its BODY_LIMIT setting).`
      : `The request body is larger than the ${size} this address accepts.`,
  );
}
