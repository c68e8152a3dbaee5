import type { Site } from '../sites/site.js';

/**
 * The rate-limit groups of spec 8, and `comments` (public comment posting, its own budget per address
 * against spam); `none` is for probes and documents that must never be throttled.
 */
export type RateLimitGroup = 'general' | 'upload' | 'search' | 'comments' | 'none';

/**
 * What a route needs before its handler runs. `permission` is required on every route: a permission
 * id from the catalogue, `authenticated` (any signed-in user, no particular permission) or `public`.
 * A test walks the route table and fails for a route that declares none.
 */
export interface RouteAccess {
  permission: string;
  rateLimit?: RateLimitGroup;
  /** `none` for routes that work without a site (health, docs, first-run setup). Default `required`. */
  site?: 'required' | 'none';
  /** Session requests to this route skip the CSRF check (login itself, which issues the token). */
  csrf?: 'skip';
  /**
   * `setup` for the few routes a user whose role requires two-step sign-in may call before setting it
   * up: reading their own profile, the CSRF token, the two-step set-up itself and signing out. Every
   * other route, `authenticated` ones included, answers 403 `two_factor_setup_required` until then.
   */
  twoFactor?: 'setup';
}

declare module 'fastify' {
  interface FastifyContextConfig extends Partial<RouteAccess> {}
  interface FastifyRequest {
    /** The site resolved from the Host header; null only on routes declared `site: 'none'`. */
    site: Site | null;
  }
}
