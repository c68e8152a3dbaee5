import { type FieldErrors, ValidationFailed } from '../../core/errors.js';
import { noBranding, type SiteBranding } from '../../core/sites/site.js';
import {
  HOST_NAME_MESSAGE,
  isHostName,
  isLocaleCode,
  LOCALE_MESSAGE,
  normalizeDomain,
} from './install-rules.js';

/** Branding as a request sends it: any subset of the fields, null clearing one. */
export type BrandingInput = Partial<SiteBranding>;

export interface SiteFieldsInput {
  name?: string;
  domain?: string;
  aliases?: string[];
  default_locale?: string;
  locales?: string[];
  branding?: BrandingInput;
}

/** The site's fields after a create or an update, normalized: what the store writes. */
export interface CheckedSite {
  name: string;
  domain: string;
  aliases: string[];
  defaultLocale: string;
  locales: string[];
  branding: SiteBranding;
}

// NUL and other control characters: PostgreSQL refuses NUL in text, and none belongs in a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_MESSAGE = 'Must not contain control characters.';
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const HANDLE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Applies `input` over `base` (the site as it is, or the defaults of a new one) and checks the
 * result, reporting every bad field at once under its API name (`aliases.1`, `branding.logo_url`).
 * Uniqueness across sites is the service's to check: it needs the database.
 */
export function checkSiteFields(base: CheckedSite, input: SiteFieldsInput): CheckedSite {
  const fields: FieldErrors = {};
  const problem = (field: string, message: string) => {
    fields[field] = [...(fields[field] ?? []), message];
  };

  const name = input.name === undefined ? base.name : input.name.trim();
  if (name === '') problem('name', 'Must not be blank.');
  else if (name.length > 200) problem('name', 'Must be at most 200 characters.');
  else if (CONTROL.test(name)) problem('name', CONTROL_MESSAGE);

  const domain = input.domain === undefined ? base.domain : normalizeDomain(input.domain);
  if (domain === '') problem('domain', 'This field is required.');
  else if (!isHostName(domain)) problem('domain', HOST_NAME_MESSAGE);

  const aliases = input.aliases === undefined ? base.aliases : input.aliases.map(normalizeDomain);
  aliases.forEach((alias, index) => {
    if (!isHostName(alias)) problem(`aliases.${index}`, HOST_NAME_MESSAGE);
    else if (alias === domain) problem(`aliases.${index}`, 'Is already the primary domain.');
    else if (aliases.indexOf(alias) !== index) problem(`aliases.${index}`, 'Is listed twice.');
  });

  const defaultLocale = input.default_locale?.trim() ?? base.defaultLocale;
  const localeValid = isLocaleCode(defaultLocale);
  if (!localeValid) problem('default_locale', LOCALE_MESSAGE);
  // A new default locale joins the enabled ones unless they are given too.
  let locales = input.locales?.map((code) => code.trim()) ?? base.locales;
  if (input.locales === undefined && localeValid && !locales.includes(defaultLocale))
    locales = [...locales, defaultLocale];
  locales.forEach((code, index) => {
    if (!isLocaleCode(code)) problem(`locales.${index}`, LOCALE_MESSAGE);
    else if (locales.indexOf(code) !== index) problem(`locales.${index}`, 'Is listed twice.');
  });
  if (locales.length === 0) {
    if (localeValid) problem('locales', 'Must have at least one locale.');
  } else if (localeValid && !locales.includes(defaultLocale))
    problem('default_locale', 'Must be one of the enabled locales.');

  const branding = checkBranding(base.branding, input.branding ?? {}, problem);

  if (Object.keys(fields).length > 0) throw new ValidationFailed(fields);
  return { name, domain, aliases, defaultLocale, locales, branding };
}

function checkBranding(
  base: SiteBranding,
  input: BrandingInput,
  problem: (field: string, message: string) => void,
): SiteBranding {
  const branding: SiteBranding = { ...base };
  const text = (value: string | null) => (value === null ? null : value.trim() || null);
  if (input.name !== undefined) {
    branding.name = text(input.name);
    if ((branding.name?.length ?? 0) > 200) problem('branding.name', 'Must be at most 200 characters.');
    else if (CONTROL.test(branding.name ?? '')) problem('branding.name', CONTROL_MESSAGE);
  }
  for (const key of ['logo_url', 'favicon_url'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    branding[key] = text(value);
    const url = branding[key];
    if (url !== null && !isBrandingUrl(url))
      problem(`branding.${key}`, 'Must be an http(s) URL or a path starting with /.');
  }
  for (const key of ['primary_color', 'secondary_color', 'accent_color'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    const color = text(value);
    if (color !== null && !COLOR.test(color)) {
      problem(`branding.${key}`, 'Must be a hex colour such as #1e40af.');
      continue;
    }
    branding[key] = color === null ? null : expandColor(color);
  }
  return branding;
}

function isBrandingUrl(value: string): boolean {
  if (value.length > 2048 || CONTROL.test(value) || /\s/.test(value)) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** `#ABC` → `#aabbcc`: one spelling per colour, so themes need not handle two. */
function expandColor(color: string): string {
  const hex = color.slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

export function checkHandle(handle: string): void {
  if (!HANDLE.test(handle))
    throw ValidationFailed.field(
      'handle',
      'Must be 1 to 63 of a-z, 0-9 and dashes, not starting or ending with a dash.',
    );
}

/** What a new site starts from before its input is applied. */
export function newSiteBase(): CheckedSite {
  return { name: '', domain: '', aliases: [], defaultLocale: 'en', locales: [], branding: { ...noBranding } };
}
