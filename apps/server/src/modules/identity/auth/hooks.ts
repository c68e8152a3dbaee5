import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../../../core/access/secrets.js';
import { Forbidden, Unauthenticated } from '../../../core/errors.js';
import { isApiPath, SAFE_METHODS } from '../../../core/http/api-scope.js';
import type { App } from '../../../core/http/app-type.js';
import type { RateLimiter } from '../../../core/http/rate-limit/rate-limiter.js';
import type { Runtime } from '../../../core/runtime.js';
import { identityOf } from '../identity.js';
import { SESSION_COOKIE } from './repo-sessions.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Authentication, for the API (/api) only: reads the Bearer token or the session cookie, sets
 * `request.principal`, and on a site also `request.access`. Bad credentials that were explicitly presented (a wrong or revoked
 * token) give 401 on any route; a stale session cookie is dropped and the request goes on anonymous.
 */
export function installAuthentication(app: App, runtime: Runtime, limiter: RateLimiter): void {
  const { tokens, sessions, resolver } = identityOf(runtime);
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);
  app.decorateRequest('access', null);
  app.decorateRequest('twoFactorMissing', false);
  if (!app.hasRequestDecorator('profileLocale')) app.decorateRequest('profileLocale', null);

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let tokenPermissions: string[] | null = null;
    let installationWide = false;
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = BEARER.exec(authorization);
      if (!match?.[1]) {
        throw new Unauthenticated(
          'The Authorization header must be "Bearer <token>".',
          'malformed_credentials',
        );
      }
      // A token not cached either way costs a query: not for an address that has spent its budget.
      const token = await tokens.authenticate(match[1], request.site?.id ?? null, () =>
        limiter.refuseIfAddressSpent(request.ip, reply, request.log),
      );
      if (!token) throw new Unauthenticated('The API token is invalid, expired or revoked.', 'invalid_token');
      request.principal = {
        userId: token.user_id,
        via: 'token',
        tokenId: token.id,
        sessionId: null,
        csrfToken: null,
        tokenExpiresAt: token.expires_at,
      };
      tokenPermissions = token.permissions;
      installationWide = token.installation_wide;
    } else {
      const cookie = request.cookies[SESSION_COOKIE];
      if (cookie) {
        const session = request.site ? await sessions.resume(cookie, request.site.id) : null;
        if (session) {
          request.principal = {
            userId: session.user_id,
            via: 'session',
            tokenId: null,
            sessionId: session.id,
            csrfToken: session.csrf_token,
            tokenExpiresAt: null,
          };
        } else {
          clearSessionCookie(reply, request);
        }
      }
    }
    if (!request.principal || !request.site) return;
    const standing = await resolver.standing(request.principal.userId, request.site.id);
    if (!standing) throw new Unauthenticated('The account no longer exists.', 'invalid_credentials');
    request.profileLocale = standing.locale;
    // An installation-wide token works only while its owner is a Super Admin.
    if (installationWide && !standing.isSuperAdmin)
      throw new Unauthenticated('The API token is invalid, expired or revoked.', 'invalid_token');
    if (standing.status !== 'active')
      throw new Unauthenticated('This account is suspended.', 'account_suspended');
    request.access = resolver.access(standing, tokenPermissions);
    request.twoFactorMissing = standing.twoFactorMissing;
  }

  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === undefined || !isApiPath(route)) return;
    try {
      await authenticate(request, reply);
    } catch (error) {
      // A refused credential spends the address's budget (429 once it is spent): guessing tokens is
      // rate limited like any other request, though it fails before the limiter hook runs.
      if (error instanceof Unauthenticated) await limiter.chargeAddress(request.ip, reply, request.log);
      throw error;
    }
  });
}

/**
 * Authorization, after rate limiting: the route's declared permission decides. Session requests
 * with unsafe methods must echo the session's CSRF token; token requests need none because browsers
 * never attach a Bearer header on their own.
 */
export function installAuthorization(app: App): void {
  // Outside /api nothing authenticates, so a permission there could never be checked: refuse it.
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!isApiPath(route.url) && permission !== undefined && permission !== 'public') {
      throw new Error(
        `${route.method} ${route.url} declares the permission "${permission}", but routes outside /api are public.`,
      );
    }
  });
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !isApiPath(route)) return;
    const permission = request.routeOptions.config.permission;
    if (permission === 'public') return;
    const principal = request.principal;
    if (!principal) throw new Unauthenticated();
    if (
      principal.via === 'session' &&
      !SAFE_METHODS.has(request.method) &&
      request.routeOptions.config.csrf !== 'skip'
    ) {
      const sent = request.headers['x-csrf-token'];
      if (typeof sent !== 'string' || !principal.csrfToken || !safeEqual(sent, principal.csrfToken)) {
        throw new Forbidden(
          'Missing or invalid CSRF token: send the token from the login response or GET /api/auth/csrf in the X-CSRF-Token header.',
          'csrf_token_invalid',
        );
      }
    }
    if (request.twoFactorMissing && request.routeOptions.config.twoFactor !== 'setup') {
      throw new Forbidden(
        'Your role requires two-factor authentication: set it up from your profile first.',
        'two_factor_setup_required',
      );
    }
    if (permission === 'authenticated') return;
    if (!permission || !request.access?.allows(permission)) {
      throw new Forbidden(`This requires the ${permission} permission.`, 'permission_denied');
    }
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  value: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The user's role demands two-factor authentication they have not set up yet. */
    twoFactorMissing: boolean;
  }
}
