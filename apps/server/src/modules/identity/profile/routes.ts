import { Type } from '@sinclair/typebox';
import { Forbidden } from '../../../core/errors.js';
import type { App } from '../../../core/http/app-type.js';
import {
  Envelope,
  ListEnvelope,
  listBody,
  one,
  PageQuery,
  ResourceErrors,
} from '../../../core/http/envelope.js';
import { actorOf } from '../../../core/http/request-actor.js';
import type { Runtime } from '../../../core/runtime.js';
import {
  ApiTokenSchema,
  CreatedApiTokenSchema,
  EnvelopeWithRevokedTokens,
  MeSchema,
  MeUpdateBody,
  TokenCreateBody,
  TokenParams,
} from '../schemas.js';
import { ACCOUNT_CHANGE_NOTE } from './account-access.js';
import { ProfileService } from './service.js';

const errors = ResourceErrors;
const own = { permission: 'authenticated' } as const;
const TokenListQuery = Type.Object(PageQuery(), { additionalProperties: false });

/** /api/me: the signed-in user's profile, password and API tokens (spec 5.1). */
export async function meRoutes(app: App, runtime: Runtime): Promise<void> {
  const profile = new ProfileService(runtime);

  app.get(
    '/api/me',
    {
      config: own,
      schema: {
        tags: ['me'],
        summary: 'Your profile, your role on this site and what you may do here',
        response: { 200: Envelope(MeSchema), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return one({ ...(await profile.me(actor)), permissions: actor.access.permissions() });
    },
  );

  app.put(
    '/api/me',
    {
      config: own,
      schema: {
        tags: ['me'],
        summary: 'Change your profile; the email and password need current_password',
        description: `A new password ends your other sessions and revokes your API tokens (the session or token making the change stays signed in); \`meta.tokens_revoked\` says how many tokens were revoked. ${ACCOUNT_CHANGE_NOTE}`,
        body: MeUpdateBody,
        response: { 200: EnvelopeWithRevokedTokens(MeSchema), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { user, tokensRevoked } = await profile.update(actor, request.body, {
        sessionId: request.principal?.sessionId ?? null,
        tokenId: request.principal?.tokenId ?? null,
      });
      return {
        data: { ...user, permissions: actor.access.permissions() },
        meta: { tokens_revoked: tokensRevoked },
      };
    },
  );

  app.get(
    '/api/me/tokens',
    {
      config: own,
      schema: {
        tags: ['me'],
        summary: 'Your API tokens, newest first (secrets are never shown again)',
        querystring: TokenListQuery,
        response: { 200: ListEnvelope(ApiTokenSchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return listBody(await profile.listTokens(actorOf(request), page, limit), page, limit);
    },
  );

  app.post(
    '/api/me/tokens',
    {
      config: { permission: 'tokens.create' },
      schema: {
        tags: ['me'],
        summary: 'Create an API token; the secret is in this response only',
        description:
          '`permissions` must be a subset of yours on this site; on every request the token can do at most what you still can. Send it as `Authorization: Bearer <token>`. ' +
          'The token works only on this site (401 on any other) unless a Super Admin, signed in with a session, sets `installation_wide: true` (403 for anyone else).',
        body: TokenCreateBody,
        response: { 201: Envelope(CreatedApiTokenSchema), ...errors },
      },
    },
    async (request, reply) => {
      // A token bound to one site must not mint one that works on all of them.
      if (request.body.installation_wide === true && request.principal?.via !== 'session') {
        throw new Forbidden(
          'An installation-wide token can only be created when signed in with a session.',
          'installation_wide_forbidden',
        );
      }
      const { token, record } = await profile.createToken(actorOf(request), request.body);
      return reply.code(201).send(one({ ...record, token }));
    },
  );

  app.delete(
    '/api/me/tokens/:id',
    {
      config: own,
      schema: {
        tags: ['me'],
        summary: 'Revoke one of your API tokens at once',
        description: ACCOUNT_CHANGE_NOTE,
        params: TokenParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await profile.revokeToken(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
