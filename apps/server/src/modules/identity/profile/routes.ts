import { Type } from '@sinclair/typebox';
import { Forbidden } from '../../../core/errors.js';
import type { App } from '../../../core/http/app-type.js';
import { PageQuery, ResourceErrors } from '../../../core/http/envelope.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
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

const own = { permission: 'authenticated' } as const;
/** What a user whose role requires two-step sign-in still reads before setting it up. */
const ownBeforeTwoFactor = { ...own, twoFactor: 'setup' } as const;
const MySiteSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  primary_domain: Type.String(),
  role: Type.Union([Type.Null(), Type.String()], {
    description: 'Your role there; null for a Super Admin who is no member of it',
  }),
  current: Type.Boolean({ description: 'The site this request went to' }),
});
const TokenListQuery = Type.Object(PageQuery(), { additionalProperties: false });

/** /api/me: the signed-in user's profile, password and API tokens (spec 5.1). */
export async function meRoutes(app: App, runtime: Runtime): Promise<void> {
  const profile = new ProfileService(runtime);
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'me');

  routes.get(
    '/api/me',
    {
      ...ownBeforeTwoFactor,
      summary: 'Your profile, your role on this site and what you may do here',
      data: MeSchema,
      // Asked by every screen of the admin and every app at start: kept per user and permissions,
      // dropped by any change made through the API (a profile, a role) or announced by an event.
      cache: {},
    },
    async (ctx) => ({ ...(await profile.me(ctx)), permissions: ctx.actor.access.permissions() }),
  );

  routes.get(
    '/api/me/sites',
    {
      ...ownBeforeTwoFactor,
      summary: 'The sites you may administer (every site for a Super Admin), the current one marked',
      description:
        "For the admin's site switcher: each site answers on its own domain, where you sign in with the same account.",
      data: Type.Array(MySiteSchema),
    },
    (ctx) => profile.sites(ctx),
  );

  // Not through the helper: the answer carries meta.tokens_revoked beside the profile.
  app.put(
    '/api/me',
    {
      config: { permission: own.permission },
      schema: {
        tags: ['me'],
        summary: 'Change your profile; the email and password need current_password',
        description: `A new password ends your other sessions and revokes your API tokens (the session or token making the change stays signed in); \`meta.tokens_revoked\` says how many tokens were revoked. ${ACCOUNT_CHANGE_NOTE}`,
        body: MeUpdateBody,
        response: { 200: EnvelopeWithRevokedTokens(MeSchema), ...ResourceErrors },
      },
    },
    async (request) => {
      const ctx = operationOf(runtime, request);
      const { user, tokensRevoked } = await profile.update(ctx, request.body, {
        sessionId: request.principal?.sessionId ?? null,
        tokenId: request.principal?.tokenId ?? null,
      });
      return {
        data: { ...user, permissions: ctx.actor.access.permissions() },
        meta: { tokens_revoked: tokensRevoked },
      };
    },
  );

  routes.list(
    '/api/me/tokens',
    {
      ...own,
      summary: 'Your API tokens, newest first (secrets are never shown again)',
      querystring: TokenListQuery,
      data: ApiTokenSchema,
    },
    (ctx, { query }) => profile.listTokens(ctx, query.page, query.limit),
  );

  routes.post(
    '/api/me/tokens',
    {
      permission: 'tokens.create',
      summary: 'Create an API token; the secret is in this response only',
      description:
        '`permissions` must be a subset of yours on this site; on every request the token can do at most what you still can. Send it as `Authorization: Bearer <token>`. ' +
        'The token works only on this site (401 on any other) unless a Super Admin, signed in with a session, sets `installation_wide: true` (403 for anyone else). ' +
        'A token made with an expiring token expires with it at the latest: without `expires_at` it gets that expiry, and a later one is refused (422).',
      body: TokenCreateBody,
      data: CreatedApiTokenSchema,
      status: 201,
    },
    async (ctx, { body, request }) => {
      // A token bound to one site must not mint one that works on all of them.
      if (body.installation_wide === true && request.principal?.via !== 'session') {
        throw new Forbidden(
          'An installation-wide token can only be created when signed in with a session.',
          'installation_wide_forbidden',
        );
      }
      const { token, record } = await profile.createToken(ctx, body, {
        expiresAt: request.principal?.tokenExpiresAt ?? null,
      });
      return { ...record, token };
    },
  );

  routes.delete(
    '/api/me/tokens/:id',
    {
      ...own,
      summary: 'Revoke one of your API tokens at once',
      description: ACCOUNT_CHANGE_NOTE,
      params: TokenParams,
    },
    (ctx, { params }) => profile.revokeToken(ctx, params.id),
  );
}
