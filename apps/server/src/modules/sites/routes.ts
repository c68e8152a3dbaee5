import { BadRequest } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { Envelope, ErrorBody, one } from '../../core/http/envelope.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes as routesOfSite } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import { viewUser } from '../identity/users/view.js';
import { settingsOf } from '../settings/service.js';
import {
  BrandingInput,
  PublicSiteSchema,
  publicSiteView,
  SetupBody,
  SetupResult,
  SetupStatus,
  siteView,
} from './schemas.js';
import { isInstalled } from './service-install.js';
import { setUpWithToken } from './service-setup.js';
import { SitesService } from './service-sites.js';

// First-run setup happens before any site exists, so no Host can name one.
const setupAccess = { permission: 'public', site: 'none' } as const;

/** GET /api/site: the public face of the site the request's host serves; PUT its branding. */
export async function siteRoutes(app: App, runtime: Runtime): Promise<void> {
  const sites = new SitesService(runtime);
  routesOfSite(app, (request) => operationOf(runtime, request), 'sites').put(
    '/api/site/branding',
    {
      permission: 'branding.manage',
      summary: "Change this site's white-label branding (admin name, logo, favicon, colours)",
      description:
        'Only the fields sent change; null clears one. 422 per field (`branding.primary_color`). Domains and locales are changed by Super Admins through PUT /api/sites/{id}.',
      body: BrandingInput,
      data: PublicSiteSchema,
    },
    async (ctx, { body }) => {
      const site = await sites.updateBranding(ctx, body);
      const { time_zone } = await settingsOf(runtime, site, 'general');
      return publicSiteView(site, time_zone, runtime.config.bodyLimitBytes);
    },
  );

  app.get(
    '/api/site',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['sites'],
        summary:
          "The current site's public information (name, domain, locales, branding, time zone, the server's body limit)",
        response: { 200: Envelope(PublicSiteSchema), 404: ErrorBody },
      },
    },
    async (request) => {
      if (!request.site) throw new BadRequest('No site.');
      // Settings are kept in memory once read (settings/stored-cache.ts): no query per request.
      const { time_zone } = await settingsOf(runtime, request.site, 'general');
      return one(publicSiteView(request.site, time_zone, runtime.config.bodyLimitBytes));
    },
  );
}

/** GET and POST /api/setup: whether Tessera still needs installing, and installing it with a setup link. */
export async function setupRoutes(app: App, runtime: Runtime): Promise<void> {
  app.get(
    '/api/setup',
    {
      config: setupAccess,
      schema: {
        tags: ['setup'],
        summary: 'Whether Tessera is installed yet (an admin app shows its setup screen when not)',
        response: { 200: Envelope(SetupStatus) },
      },
    },
    async () => one({ installed: await isInstalled(runtime) }),
  );

  app.post(
    '/api/setup',
    {
      config: setupAccess,
      schema: {
        tags: ['setup'],
        summary: 'Install Tessera: create the first site and its Super Admin',
        description:
          'Needs the token of the one-time setup link a server prints at start while Tessera is not installed. ' +
          'The token is spent only when the install succeeds; 403 `invalid_setup_token` for an unknown, used or expired one, ' +
          '409 `already_installed` once a site exists.',
        body: SetupBody,
        response: {
          201: Envelope(SetupResult),
          403: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { token, site_name, domain, admin_email, admin_password, admin_name, locale } = request.body;
      const { site, admin } = await setUpWithToken(
        runtime,
        token,
        {
          siteName: site_name,
          domain,
          adminEmail: admin_email,
          adminPassword: admin_password,
          adminName: admin_name,
          locale,
        },
        request.ip,
      );
      return reply
        .code(201)
        .send(one({ site: siteView(site), user: await viewUser(runtime.data, site.id, admin) }));
    },
  );
}
