import { Type } from '@sinclair/typebox';
import { BadRequest } from '../../../core/errors.js';
import type { App } from '../../../core/http/app-type.js';
import { Envelope, ErrorBody, one } from '../../../core/http/envelope.js';
import { operationOf } from '../../../core/http/request-actor.js';
import type { Runtime } from '../../../core/runtime.js';
import { clientOf } from '../auth/routes.js';
import { EnvelopeWithRevokedTokens, Password } from '../schemas.js';
import { PasswordResetService } from './service.js';

const ForgotBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }) },
  { additionalProperties: false },
);
const ResetBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The token from the emailed link' }),
    password: Password,
  },
  { additionalProperties: false },
);
const MessageResult = Envelope(Type.Object({ message: Type.String() }));

const FORGOT_ANSWER = 'If that account exists, a reset link is on its way.';

/** POST /api/auth/password/forgot, POST /api/auth/password/reset. */
export async function passwordRoutes(app: App, runtime: Runtime): Promise<void> {
  const resets = new PasswordResetService(runtime);

  app.post(
    '/api/auth/password/forgot',
    {
      config: { permission: 'public', rateLimit: 'general' },
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password reset link',
        description:
          'Always answers 202 with the same message after the same work, whether or not the email has an account, so the endpoint cannot be used to find accounts: the request only queues a job, which mails the link (valid for one hour) if the account exists and may sign in here. An account gets at most 3 reset mails an hour; further requests are answered alike and send nothing.',
        body: ForgotBody,
        response: { 202: MessageResult, 400: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!request.site) throw new BadRequest('No site.');
      await resets.requestReset(operationOf(runtime, request), request.body.email, clientOf(request));
      return reply.code(202).send(one({ message: FORGOT_ANSWER }));
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { permission: 'public', rateLimit: 'general' },
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the token of a reset link',
        description:
          'Uses up the token, cancels the other reset links of the account, ends all of its sessions and revokes all of its API tokens; `meta.tokens_revoked` says how many.',
        body: ResetBody,
        response: {
          200: EnvelopeWithRevokedTokens(Type.Object({ message: Type.String() })),
          400: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      if (!request.site) throw new BadRequest('No site.');
      const tokensRevoked = await resets.resetPassword(
        operationOf(runtime, request),
        request.body.token,
        request.body.password,
        clientOf(request),
      );
      return {
        data: { message: 'Your password has been changed. Sign in with the new one.' },
        meta: { tokens_revoked: tokensRevoked },
      };
    },
  );
}
