import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { PageQuery, ResourceErrors } from '../../../core/http/envelope.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import {
  EnvelopeWithRevokedTokens,
  UserCreateBody,
  UserListFilters,
  UserParams,
  UserSchema,
  UserUpdateBody,
} from '../schemas.js';
import { UsersService } from './service.js';

const UserListQuery = Type.Object({ ...PageQuery(), ...UserListFilters }, { additionalProperties: false });

/** /api/users: the users of the request's site, its members plus the Super Admins. */
export async function userRoutes(app: App, runtime: Runtime): Promise<void> {
  const users = new UsersService(runtime);
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'users');

  routes.list(
    '/api/users',
    {
      permission: 'users.view',
      summary: "List the site's users, filtered by role slug, status or part of the email or name",
      querystring: UserListQuery,
      data: UserSchema,
    },
    (ctx, { query }) => users.list(ctx, query),
  );

  routes.get(
    '/api/users/:id',
    { permission: 'users.view', summary: 'One user of the site', params: UserParams, data: UserSchema },
    (ctx, { params }) => users.get(ctx, params.id),
  );

  routes.post(
    '/api/users',
    {
      permission: 'users.create',
      summary:
        'Create a user with a role on this site; role super_admin (Super Admins only) makes a global Super Admin',
      body: UserCreateBody,
      data: UserSchema,
      status: 201,
    },
    (ctx, { body }) => users.create(ctx, body),
  );

  // Not through the helper: the answer carries meta.tokens_revoked beside the user.
  app.put(
    '/api/users/:id',
    {
      config: { permission: 'users.edit' },
      schema: {
        tags: ['users'],
        summary: 'Change a user: only the fields sent. Suspending or setting a password ends their sessions',
        description:
          'A new password also revokes all of their API tokens; `meta.tokens_revoked` says how many.',
        params: UserParams,
        body: UserUpdateBody,
        response: { 200: EnvelopeWithRevokedTokens(UserSchema), ...ResourceErrors },
      },
    },
    async (request) => {
      const { user, tokensRevoked } = await users.update(
        operationOf(runtime, request),
        request.params.id,
        request.body,
      );
      return { data: user, meta: { tokens_revoked: tokensRevoked } };
    },
  );

  routes.delete(
    '/api/users/:id',
    {
      permission: 'users.delete',
      summary: 'Remove a user from this site; the account itself goes when it belongs to no other site',
      params: UserParams,
    },
    (ctx, { params }) => users.delete(ctx, params.id),
  );
}
