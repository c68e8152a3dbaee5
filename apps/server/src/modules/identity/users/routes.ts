import { Type } from '@sinclair/typebox';
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
  EnvelopeWithRevokedTokens,
  UserCreateBody,
  UserListFilters,
  UserParams,
  UserSchema,
  UserUpdateBody,
} from '../schemas.js';
import { UsersService } from './service.js';

const errors = ResourceErrors;
const UserListQuery = Type.Object({ ...PageQuery(), ...UserListFilters }, { additionalProperties: false });

/** /api/users: the users of the request's site, its members plus the Super Admins. */
export async function userRoutes(app: App, runtime: Runtime): Promise<void> {
  const users = new UsersService(runtime);

  app.get(
    '/api/users',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: ['users'],
        summary: "List the site's users, filtered by role slug, status or part of the email or name",
        querystring: UserListQuery,
        response: { 200: ListEnvelope(UserSchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return listBody(await users.list(actorOf(request), request.query), page, limit);
    },
  );

  app.get(
    '/api/users/:id',
    {
      config: { permission: 'users.view' },
      schema: {
        tags: ['users'],
        summary: 'One user of the site',
        params: UserParams,
        response: { 200: Envelope(UserSchema), ...errors },
      },
    },
    async (request) => one(await users.get(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/users',
    {
      config: { permission: 'users.create' },
      schema: {
        tags: ['users'],
        summary:
          'Create a user with a role on this site; role super_admin (Super Admins only) makes a global Super Admin',
        body: UserCreateBody,
        response: { 201: Envelope(UserSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = await users.create(actorOf(request), request.body);
      return reply.code(201).send(one(user));
    },
  );

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
        response: { 200: EnvelopeWithRevokedTokens(UserSchema), ...errors },
      },
    },
    async (request) => {
      const { user, tokensRevoked } = await users.update(actorOf(request), request.params.id, request.body);
      return { data: user, meta: { tokens_revoked: tokensRevoked } };
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { permission: 'users.delete' },
      schema: {
        tags: ['users'],
        summary: 'Remove a user from this site; the account itself goes when it belongs to no other site',
        params: UserParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await users.delete(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
