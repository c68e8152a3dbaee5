import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { BadRequest, Unauthenticated } from '../../../core/errors.js';
import type { App } from '../../../core/http/app-type.js';
import { Envelope, ErrorBody, one } from '../../../core/http/envelope.js';
import { operationOf } from '../../../core/http/request-actor.js';
import type { Runtime } from '../../../core/runtime.js';
import { setSessionCookie } from '../auth/hooks.js';
import { clientOf } from '../auth/routes.js';
import { ACCOUNT_CHANGE_NOTE, assertMayChangeAccount } from '../profile/account-access.js';
import { LoginResult, Password } from '../schemas.js';
import { viewUser } from '../users/view.js';
import { RECOVERY_CODE_COUNT, TwoFactorService } from './service.js';

const CodeBody = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'The 6-digit code the authenticator app shows',
    }),
  },
  { additionalProperties: false },
);
const PasswordBody = Type.Object({ password: Password }, { additionalProperties: false });
const ChallengeBody = Type.Object(
  {
    challenge: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'From the POST /api/auth/login answer',
    }),
    code: Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'A 6-digit authenticator code, or an unused recovery code',
    }),
  },
  { additionalProperties: false },
);
const SetupResult = Type.Object({
  secret: Type.String({ description: 'Base32 secret, for entering into the app by hand' }),
  otpauth_url: Type.String({ description: 'otpauth:// URL, for a QR code' }),
});
const RecoveryCodes = Type.Object({
  recovery_codes: Type.Array(Type.String(), {
    minItems: RECOVERY_CODE_COUNT,
    maxItems: RECOVERY_CODE_COUNT,
    description: 'Shown this once; each signs in once in place of a code',
  }),
});

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};
// Setting up two-step sign-in is what a role that requires it asks for, so these stay open to that user.
const profile = { permission: 'authenticated', twoFactor: 'setup' } as const;

/** The signed-in user, who must be allowed to change their own account (account-access.ts). */
function signedIn(request: FastifyRequest): { userId: number } {
  if (!request.site) throw new BadRequest('No site.');
  if (!request.principal) throw new Unauthenticated();
  assertMayChangeAccount(request.access);
  return { userId: request.principal.userId };
}

/**
 * The user's own two-factor settings under /api/me/two-factor ('authenticated', so users whose role
 * requires two-factor can reach them before setting it up), and the second sign-in step.
 */
export async function twoFactorRoutes(app: App, runtime: Runtime): Promise<void> {
  const twoFactor = new TwoFactorService(runtime);
  const cookieMaxAge = runtime.config.sessions.absoluteHours * 3600;

  app.post(
    '/api/me/two-factor/setup',
    {
      config: profile,
      schema: {
        tags: ['profile'],
        summary: 'Start setting up two-factor authentication: a new TOTP secret',
        description: `The secret is not in force until POST /api/me/two-factor/enable confirms a code from the app. ${ACCOUNT_CHANGE_NOTE}`,
        response: { 200: Envelope(SetupResult), ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      return one(await twoFactor.setup(operationOf(runtime, request), userId, clientOf(request)));
    },
  );

  app.post(
    '/api/me/two-factor/enable',
    {
      config: profile,
      schema: {
        tags: ['profile'],
        summary: 'Turn two-factor authentication on with a first code; returns the recovery codes',
        description: ACCOUNT_CHANGE_NOTE,
        body: CodeBody,
        response: { 200: Envelope(RecoveryCodes), ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      return one({
        recovery_codes: await twoFactor.enable(
          operationOf(runtime, request),
          userId,
          request.body.code,
          clientOf(request),
        ),
      });
    },
  );

  app.post(
    '/api/me/two-factor/disable',
    {
      config: profile,
      schema: {
        tags: ['profile'],
        summary: 'Turn two-factor authentication off (current password required)',
        description: ACCOUNT_CHANGE_NOTE,
        body: PasswordBody,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = signedIn(request);
      await twoFactor.disable(
        operationOf(runtime, request),
        userId,
        request.body.password,
        clientOf(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/me/two-factor/recovery-codes',
    {
      config: profile,
      schema: {
        tags: ['profile'],
        summary: 'Replace all recovery codes with new ones (current password required)',
        description: ACCOUNT_CHANGE_NOTE,
        body: PasswordBody,
        response: { 200: Envelope(RecoveryCodes), ...errors },
      },
    },
    async (request) => {
      const { userId } = signedIn(request);
      return one({
        recovery_codes: await twoFactor.regenerateRecoveryCodes(
          operationOf(runtime, request),
          userId,
          request.body.password,
          clientOf(request),
        ),
      });
    },
  );

  app.post(
    '/api/auth/two-factor',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step: redeem the login challenge with a code',
        description:
          'Takes the `challenge` of a POST /api/auth/login answer and a TOTP code or an unused recovery code. On success it answers like a password login: the session cookie and a CSRF token.',
        body: ChallengeBody,
        response: { 200: Envelope(LoginResult), ...errors },
      },
    },
    async (request, reply) => {
      if (!request.site) throw new BadRequest('No site.');
      const outcome = await twoFactor.completeSignIn(
        operationOf(runtime, request),
        request.body.challenge,
        request.body.code,
        clientOf(request),
      );
      if (outcome.kind !== 'session')
        throw new Unauthenticated('The sign-in could not be completed.', 'invalid_challenge');
      setSessionCookie(reply, request, outcome.cookie, cookieMaxAge);
      return one({
        two_factor_required: false,
        user: await viewUser(runtime.data, request.site.id, outcome.user),
        csrf_token: outcome.session.csrf_token,
      });
    },
  );
}
