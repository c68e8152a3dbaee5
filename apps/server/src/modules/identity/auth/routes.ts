import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { BadRequest } from '../../../core/errors.js';
import type { App } from '../../../core/http/app-type.js';
import { Envelope, ErrorBody, one } from '../../../core/http/envelope.js';
import { operationOf } from '../../../core/http/request-actor.js';
import type { Runtime } from '../../../core/runtime.js';
import { LoginBody, LoginResult } from '../schemas.js';
import { startTwoFactorChallenge } from '../two-factor/challenge.js';
import { viewUser } from '../users/view.js';
import { clearSessionCookie, setSessionCookie } from './hooks.js';
import { AuthService, type Client } from './service.js';

export function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody };

/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/csrf. */
export async function authRoutes(app: App, runtime: Runtime): Promise<void> {
  const auth = new AuthService(runtime);
  const cookieMaxAge = runtime.config.sessions.absoluteHours * 3600;

  app.post(
    '/api/auth/login',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in and receive the tessera_session cookie and a CSRF token',
        description:
          'Sets the HttpOnly, SameSite=Lax `tessera_session` cookie (Secure over https). Unsafe requests made with the session must send the returned `csrf_token` in the `X-CSRF-Token` header. ' +
          'When the user has two-factor authentication, no session is opened yet: the answer carries `two_factor_required: true` and a `challenge` for POST /api/auth/two-factor.',
        body: LoginBody,
        response: { 200: Envelope(LoginResult), ...errors },
      },
    },
    async (request, reply) => {
      const site = request.site;
      if (!site) throw new BadRequest('No site.');
      const outcome = await auth.login(
        operationOf(runtime, request),
        request.body.email,
        request.body.password,
        clientOf(request),
      );
      if (outcome.kind === 'two_factor') {
        const challenge = await startTwoFactorChallenge(runtime.data, outcome.user.id, site.id);
        return one({ two_factor_required: true, challenge });
      }
      setSessionCookie(reply, request, outcome.cookie, cookieMaxAge);
      return one({
        two_factor_required: false,
        user: await viewUser(runtime.data, site.id, outcome.user),
        csrf_token: outcome.session.csrf_token,
      });
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { permission: 'authenticated', twoFactor: 'setup' },
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      if (principal?.via !== 'session' || !principal.sessionId || !request.site) {
        throw new BadRequest(
          'Only a session can be signed out; revoke an API token instead.',
          'not_a_session',
        );
      }
      await auth.logout(
        operationOf(runtime, request),
        principal.userId,
        principal.sessionId,
        clientOf(request),
      );
      clearSessionCookie(reply, request);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/auth/csrf',
    {
      config: { permission: 'authenticated', twoFactor: 'setup' },
      schema: {
        tags: ['auth'],
        summary: "The session's CSRF token, for the X-CSRF-Token header",
        response: {
          200: Envelope(Type.Object({ csrf_token: Type.Union([Type.Null(), Type.String()]) })),
          ...errors,
        },
      },
    },
    async (request) => one({ csrf_token: request.principal?.csrfToken ?? null }),
  );
}
