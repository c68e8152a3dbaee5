import { Type } from '@sinclair/typebox';
import type { App } from '../../core/http/app-type.js';
import { PageQuery } from '../../core/http/envelope.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import { UserSchema } from '../identity/schemas.js';
import { UsersService } from '../identity/users/service.js';
import {
  SiteCreateBody,
  SiteMemberBody,
  SiteParams,
  SiteSchema,
  SiteUpdateBody,
  siteView,
} from './schemas.js';
import { SitesService } from './service-sites.js';

const superAdminsOnly = ' Super Admins only.';

/** /api/sites: every site of the installation, for Super Admins, from any site's host. */
export async function sitesRoutes(app: App, runtime: Runtime): Promise<void> {
  const sites = new SitesService(runtime);
  const users = new UsersService(runtime);
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'sites');

  routes.list(
    '/api/sites',
    {
      permission: 'sites.view',
      summary: 'List every site of the installation, disabled ones included',
      description: superAdminsOnly,
      querystring: Type.Object(PageQuery(), { additionalProperties: false }),
      data: SiteSchema,
    },
    async (ctx, { query }) => {
      const found = await sites.list(ctx, query.page, query.limit);
      return { items: found.items.map(siteView), total: found.total };
    },
  );

  routes.get(
    '/api/sites/:id',
    {
      permission: 'sites.view',
      summary: 'One site',
      description: superAdminsOnly,
      params: SiteParams,
      data: SiteSchema,
    },
    async (ctx, { params }) => siteView(await sites.get(ctx, params.id)),
  );

  routes.post(
    '/api/sites',
    {
      permission: 'sites.manage',
      summary: 'Create a site with the default roles, settings and theme',
      description:
        'Domains and aliases are unique across sites: 409 `domain_taken` names each taken one (`domain`, `aliases.1`).' +
        superAdminsOnly,
      body: SiteCreateBody,
      data: SiteSchema,
      status: 201,
    },
    async (ctx, { body }) => siteView(await sites.create(ctx, body)),
  );

  routes.put(
    '/api/sites/:id',
    {
      permission: 'sites.manage',
      summary: 'Change a site: only the fields sent (aliases replace the list, branding merges)',
      description: superAdminsOnly,
      params: SiteParams,
      body: SiteUpdateBody,
      data: SiteSchema,
    },
    async (ctx, { params, body }) => siteView(await sites.update(ctx, params.id, body)),
  );

  routes.post(
    '/api/sites/:id/members',
    {
      permission: 'sites.manage',
      summary: 'Add an existing user to this site with a role there',
      description:
        'For a user who already has an account on another site (new users: POST /api/users on the site). ' +
        '409 `already_member` when the user already belongs to the site; change their role there with PUT /api/users/{id}.' +
        superAdminsOnly,
      params: SiteParams,
      body: SiteMemberBody,
      data: UserSchema,
      status: 201,
    },
    async (ctx, { params, body }) => {
      const site = await sites.get(ctx, params.id);
      return users.addToSite(ctx, site, body);
    },
  );

  for (const [verb, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    routes.post(
      `/api/sites/:id/${verb}`,
      {
        permission: 'sites.manage',
        summary: enabled
          ? 'Enable a disabled site: its hosts answer again'
          : 'Disable a site: its hosts answer 404 at once, its data stays (409 `last_enabled_site` for the last one)',
        description: superAdminsOnly,
        params: SiteParams,
        data: SiteSchema,
      },
      async (ctx, { params }) => siteView(await sites.setEnabled(ctx, params.id, enabled)),
    );
  }
}
