import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { PageQuery } from '../../../core/http/envelope.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import { RoleCreateBody, RoleParams, RoleSchema, RoleUpdateBody } from '../schemas.js';
import { RolesService } from './service.js';

const RoleListQuery = Type.Object(PageQuery(), { additionalProperties: false });

/** /api/roles: the site's roles with their permissions. */
export async function roleRoutes(app: App, runtime: Runtime): Promise<void> {
  const roles = new RolesService(runtime);
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'roles');

  routes.list(
    '/api/roles',
    {
      permission: 'roles.view',
      summary: "List the site's roles with their permissions and member counts",
      querystring: RoleListQuery,
      data: RoleSchema,
    },
    (ctx, { query }) => roles.list(ctx, query.page, query.limit),
  );

  routes.get(
    '/api/roles/:id',
    { permission: 'roles.view', summary: 'One role', params: RoleParams, data: RoleSchema },
    (ctx, { params }) => roles.get(ctx, params.id),
  );

  routes.post(
    '/api/roles',
    {
      permission: 'roles.create',
      summary: 'Create a custom role; the slug comes from the name unless given',
      description: 'Permissions must be in the catalogue (GET /api/permissions) and held by you.',
      body: RoleCreateBody,
      data: RoleSchema,
      status: 201,
    },
    (ctx, { body }) => roles.create(ctx, body),
  );

  routes.put(
    '/api/roles/:id',
    {
      permission: 'roles.edit',
      summary: "Change a role's name, description, permissions or two-factor demand; applies at once",
      description:
        'Only the fields sent change; `permissions` replaces the whole set. Super Admin cannot be edited (409 role_locked).',
      params: RoleParams,
      body: RoleUpdateBody,
      data: RoleSchema,
    },
    (ctx, { params, body }) => roles.update(ctx, params.id, body),
  );

  routes.delete(
    '/api/roles/:id',
    {
      permission: 'roles.delete',
      summary: 'Delete a custom role nobody has (409 default_role or role_in_use otherwise)',
      params: RoleParams,
    },
    (ctx, { params }) => roles.delete(ctx, params.id),
  );
}
