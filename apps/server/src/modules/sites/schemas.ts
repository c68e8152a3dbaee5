import { type Static, Type } from '@sinclair/typebox';
import type { Site } from '../../core/sites/site.js';
import { Password, UserSchema } from '../identity/schemas.js';

const Timestamp = Type.String({ format: 'date-time' });

/** What anyone may know of the site a host serves: enough for a login screen to show its name. */
export const PublicSiteSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  primary_domain: Type.String(),
  default_locale: Type.String(),
  locales: Type.Array(Type.String()),
});
export type PublicSiteView = Static<typeof PublicSiteSchema>;

/** A site as its administrators see it; settings have an API of their own. */
export const SiteSchema = Type.Object({
  id: Type.Integer(),
  handle: Type.String({ description: 'Lowercase label; `<handle>.<BASE_DOMAIN>` also reaches the site' }),
  name: Type.String(),
  primary_domain: Type.String(),
  aliases: Type.Array(Type.String()),
  default_locale: Type.String(),
  locales: Type.Array(Type.String()),
  theme: Type.String(),
  enabled: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type SiteView = Static<typeof SiteSchema>;

// Lengths here only bound the request; the install rules give the per-field messages.
export const SetupBody = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The token of the setup link printed at first start',
    }),
    site_name: Type.String({ maxLength: 1000 }),
    domain: Type.String({ maxLength: 1000, description: 'Host name the site answers on, e.g. example.com' }),
    admin_email: Type.String({ maxLength: 1000 }),
    admin_password: Password,
    admin_name: Type.Optional(Type.String({ maxLength: 1000 })),
    locale: Type.Optional(
      Type.String({ maxLength: 100, description: 'Default locale of the site; en when absent' }),
    ),
  },
  { additionalProperties: false },
);

export const SetupResult = Type.Object({ site: SiteSchema, user: UserSchema });

export const SetupStatus = Type.Object({
  installed: Type.Boolean({ description: 'False until the first site and its Super Admin exist' }),
});

export function publicSiteView(site: Site): PublicSiteView {
  return {
    id: site.id,
    name: site.name,
    primary_domain: site.primary_domain,
    default_locale: site.default_locale,
    locales: site.locales,
  };
}

export function siteView(site: Site): SiteView {
  return {
    id: site.id,
    handle: site.handle,
    name: site.name,
    primary_domain: site.primary_domain,
    aliases: site.aliases,
    default_locale: site.default_locale,
    locales: site.locales,
    theme: site.theme,
    enabled: site.enabled,
    created_at: site.created_at,
    updated_at: site.updated_at,
  };
}
