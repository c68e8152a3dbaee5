import { type Static, Type } from '@sinclair/typebox';
import type { Site } from '../../core/sites/site.js';
import { Email, Password, RoleSlug, UserSchema } from '../identity/schemas.js';

const Timestamp = Type.String({ format: 'date-time' });

const NullableText = (maxLength: number, description: string) =>
  Type.Union([Type.Null(), Type.String({ maxLength })], { description });

export const BrandingSchema = Type.Object(
  {
    name: NullableText(200, 'Name shown in the admin and on the site; null shows the site name'),
    logo_url: NullableText(2048, 'http(s) URL or a path starting with /'),
    favicon_url: NullableText(2048, 'http(s) URL or a path starting with /'),
    primary_color: NullableText(7, 'Hex colour, #rrggbb'),
    secondary_color: NullableText(7, 'Hex colour, #rrggbb'),
    accent_color: NullableText(7, 'Hex colour, #rrggbb'),
  },
  { $id: 'Branding' },
);

/** What anyone may know of the site a host serves: enough for a login screen to show its name and brand. */
export const PublicSiteSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  primary_domain: Type.String(),
  default_locale: Type.String(),
  locales: Type.Array(Type.String()),
  branding: BrandingSchema,
  time_zone: Type.String({ description: "IANA time zone the site's dates are shown in (general settings)" }),
  body_limit_bytes: Type.Integer({
    description:
      'The largest request body this server accepts (BODY_LIMIT), so a client can warn before sending one that would get 413',
  }),
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
  theme: Type.String({ description: 'The theme the public site renders with; `default` for a new site' }),
  branding: BrandingSchema,
  enabled: Type.Boolean({ description: "False once disabled: the site's hosts answer 404, its data stays" }),
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

export function publicSiteView(site: Site, timeZone: string, bodyLimitBytes: number): PublicSiteView {
  return {
    time_zone: timeZone,
    body_limit_bytes: bodyLimitBytes,
    id: site.id,
    name: site.name,
    primary_domain: site.primary_domain,
    default_locale: site.default_locale,
    locales: site.locales,
    branding: site.branding,
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
    branding: site.branding,
    enabled: site.enabled,
    created_at: site.created_at,
    updated_at: site.updated_at,
  };
}

// Sites API (routes-sites.ts). Lengths only bound the request; site-rules.ts gives per-field messages.
const Host = Type.String({ minLength: 1, maxLength: 300 });
const LocaleCode = Type.String({ minLength: 1, maxLength: 100 });
export const BrandingInput = Type.Partial(
  Type.Object({
    name: Type.Union([Type.Null(), Type.String({ maxLength: 1000 })]),
    logo_url: Type.Union([Type.Null(), Type.String({ maxLength: 4096 })]),
    favicon_url: Type.Union([Type.Null(), Type.String({ maxLength: 4096 })]),
    primary_color: Type.Union([Type.Null(), Type.String({ maxLength: 20 })]),
    secondary_color: Type.Union([Type.Null(), Type.String({ maxLength: 20 })]),
    accent_color: Type.Union([Type.Null(), Type.String({ maxLength: 20 })]),
  }),
  { additionalProperties: false, description: 'Only the fields sent change; null clears one' },
);
const siteFields = {
  name: Type.String({ minLength: 1, maxLength: 1000 }),
  domain: Type.String({ ...Host, description: 'Primary host name, e.g. example.com' }),
  aliases: Type.Array(Host, { maxItems: 50, description: 'Further host names; replaces the list when sent' }),
  default_locale: LocaleCode,
  locales: Type.Array(LocaleCode, { minItems: 1, maxItems: 100, description: 'Enabled locales' }),
  branding: BrandingInput,
};

export const SiteCreateBody = Type.Object(
  {
    name: siteFields.name,
    domain: siteFields.domain,
    handle: Type.Optional(
      Type.String({ minLength: 1, maxLength: 63, description: 'Derived from the name when absent' }),
    ),
    aliases: Type.Optional(siteFields.aliases),
    default_locale: Type.Optional(siteFields.default_locale),
    locales: Type.Optional(siteFields.locales),
    branding: Type.Optional(siteFields.branding),
  },
  { additionalProperties: false },
);

export const SiteUpdateBody = Type.Partial(Type.Object(siteFields), { additionalProperties: false });

export const SiteParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);

export const SiteMemberBody = Type.Object(
  {
    email: { ...Email, description: 'Email of an existing user' },
    role: { ...RoleSlug, description: "Slug of the user's role on this site" },
  },
  { additionalProperties: false },
);
