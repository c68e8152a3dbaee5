import { Type } from '@sinclair/typebox';
import type { App } from '../../core/http/app-type.js';
import {
  Envelope,
  ListEnvelope,
  listBody,
  one,
  PageQuery,
  ResourceErrors,
} from '../../core/http/envelope.js';
import type { Runtime } from '../../core/runtime.js';
import { actorOf } from '../identity/request-actor.js';
import { UserSchema } from '../identity/schemas.js';
import { UsersService } from '../identity/service-users.js';
import {
  SiteCreateBody,
  SiteMemberBody,
  SiteParams,
  SiteSchema,
  SiteUpdateBody,
  siteView,
} from './schemas.js';
import { SitesService } from './service-sites.js';

const errors = ResourceErrors;
const superAdminsOnly = ' Super Admins only.';

/** /api/sites: every site of the installation, for Super Admins, from any site's host. */
export async function sitesRoutes(app: App, runtime: Runtime): Promise<void> {
  const sites = new SitesService(runtime);
  const users = new UsersService(runtime);

  app.get(
    '/api/sites',
    {
      config: { permission: 'sites.view' },
      schema: {
        tags: ['sites'],
        summary: 'List every site of the installation, disabled ones included',
        description: superAdminsOnly,
        querystring: Type.Object(PageQuery(), { additionalProperties: false }),
        response: { 200: ListEnvelope(SiteSchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const found = await sites.list(actorOf(request), page, limit);
      return listBody({ items: found.items.map(siteView), total: found.total }, page, limit);
    },
  );

  app.get(
    '/api/sites/:id',
    {
      config: { permission: 'sites.view' },
      schema: {
        tags: ['sites'],
        summary: 'One site',
        description: superAdminsOnly,
        params: SiteParams,
        response: { 200: Envelope(SiteSchema), ...errors },
      },
    },
    async (request) => one(siteView(await sites.get(actorOf(request), request.params.id))),
  );

  app.post(
    '/api/sites',
    {
      config: { permission: 'sites.manage' },
      schema: {
        tags: ['sites'],
        summary: 'Create a site with the default roles, settings and theme',
        description:
          'Domains and aliases are unique across sites: 409 `domain_taken` names each taken one (`domain`, `aliases.1`).' +
          superAdminsOnly,
        body: SiteCreateBody,
        response: { 201: Envelope(SiteSchema), ...errors },
      },
    },
    async (request, reply) => {
      const site = await sites.create(actorOf(request), request.body);
      return reply.code(201).send(one(siteView(site)));
    },
  );

  app.put(
    '/api/sites/:id',
    {
      config: { permission: 'sites.manage' },
      schema: {
        tags: ['sites'],
        summary: 'Change a site: only the fields sent (aliases replace the list, branding merges)',
        description: superAdminsOnly,
        params: SiteParams,
        body: SiteUpdateBody,
        response: { 200: Envelope(SiteSchema), ...errors },
      },
    },
    async (request) => one(siteView(await sites.update(actorOf(request), request.params.id, request.body))),
  );

  app.post(
    '/api/sites/:id/members',
    {
      config: { permission: 'sites.manage' },
      schema: {
        tags: ['sites'],
        summary: 'Add an existing user to this site with a role there',
        description:
          'For a user who already has an account on another site (new users: POST /api/users on the site). ' +
          '409 `already_member` when the user already belongs to the site; change their role there with PUT /api/users/{id}.' +
          superAdminsOnly,
        params: SiteParams,
        body: SiteMemberBody,
        response: { 201: Envelope(UserSchema), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const site = await sites.get(actor, request.params.id);
      return reply.code(201).send(one(await users.addToSite(actor, site, request.body)));
    },
  );

  for (const [verb, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/api/sites/:id/${verb}`,
      {
        config: { permission: 'sites.manage' },
        schema: {
          tags: ['sites'],
          summary: enabled
            ? 'Enable a disabled site: its hosts answer again'
            : 'Disable a site: its hosts answer 404 at once, its data stays (409 `last_enabled_site` for the last one)',
          description: superAdminsOnly,
          params: SiteParams,
          response: { 200: Envelope(SiteSchema), ...errors },
        },
      },
      async (request) => one(siteView(await sites.setEnabled(actorOf(request), request.params.id, enabled))),
    );
  }
}
