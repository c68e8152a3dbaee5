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
import { RoleCreateBody, RoleParams, RoleSchema, RoleUpdateBody } from '../schemas.js';
import { RolesService } from './service.js';

const errors = ResourceErrors;
const RoleListQuery = Type.Object(PageQuery(), { additionalProperties: false });

/** /api/roles: the site's roles with their permissions. */
export async function roleRoutes(app: App, runtime: Runtime): Promise<void> {
  const roles = new RolesService(runtime);

  app.get(
    '/api/roles',
    {
      config: { permission: 'roles.view' },
      schema: {
        tags: ['roles'],
        summary: "List the site's roles with their permissions and member counts",
        querystring: RoleListQuery,
        response: { 200: ListEnvelope(RoleSchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return listBody(await roles.list(actorOf(request), page, limit), page, limit);
    },
  );

  app.get(
    '/api/roles/:id',
    {
      config: { permission: 'roles.view' },
      schema: {
        tags: ['roles'],
        summary: 'One role',
        params: RoleParams,
        response: { 200: Envelope(RoleSchema), ...errors },
      },
    },
    async (request) => one(await roles.get(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/roles',
    {
      config: { permission: 'roles.create' },
      schema: {
        tags: ['roles'],
        summary: 'Create a custom role; the slug comes from the name unless given',
        description: 'Permissions must be in the catalogue (GET /api/permissions) and held by you.',
        body: RoleCreateBody,
        response: { 201: Envelope(RoleSchema), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(one(await roles.create(actorOf(request), request.body))),
  );

  app.put(
    '/api/roles/:id',
    {
      config: { permission: 'roles.edit' },
      schema: {
        tags: ['roles'],
        summary: "Change a role's name, description, permissions or two-factor demand; applies at once",
        description:
          'Only the fields sent change; `permissions` replaces the whole set. Super Admin cannot be edited (409 role_locked).',
        params: RoleParams,
        body: RoleUpdateBody,
        response: { 200: Envelope(RoleSchema), ...errors },
      },
    },
    async (request) => one(await roles.update(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/roles/:id',
    {
      config: { permission: 'roles.delete' },
      schema: {
        tags: ['roles'],
        summary: 'Delete a custom role nobody has (409 default_role or role_in_use otherwise)',
        params: RoleParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await roles.delete(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
