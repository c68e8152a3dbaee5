import { type FieldErrors, ValidationFailed } from '../../core/errors.js';
import { passwordProblems } from '../identity/password/passwords.js';

/** What installing Tessera needs; field names in errors are the snake_case API names. */
export interface InstallInput {
  siteName: string;
  domain: string;
  adminEmail: string;
  adminPassword: string;
  adminName?: string | null;
  locale?: string | null;
}

export type CheckedInstall = Required<{ [K in keyof InstallInput]: string }>;

// RFC 1123 labels; dotted IPv4 addresses pass too, which is what `http://127.0.0.1:3000` needs.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOSTNAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCALE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

/**
 * Checks and normalizes install input, reporting every bad field at once (a form shows them all).
 * Throws ValidationFailed; nothing is written before this passes.
 */
export function checkInstallInput(input: InstallInput): CheckedInstall {
  const fields: FieldErrors = {};
  const problem = (field: string, message: string) => {
    fields[field] = [...(fields[field] ?? []), message];
  };

  const siteName = input.siteName.trim();
  if (siteName === '') problem('site_name', 'This field is required.');
  else if (siteName.length > 200) problem('site_name', 'Must be at most 200 characters.');

  const domain = normalizeDomain(input.domain);
  if (domain === '') problem('domain', 'This field is required.');
  else if (!isHostName(domain)) problem('domain', HOST_NAME_MESSAGE);

  const adminEmail = input.adminEmail.trim();
  if (adminEmail === '') problem('admin_email', 'This field is required.');
  else if (adminEmail.length > 254 || !EMAIL.test(adminEmail))
    problem('admin_email', 'Must be a valid email address.');

  Object.assign(fields, passwordProblems(input.adminPassword, adminEmail || null, 'admin_password'));

  const adminName = input.adminName?.trim() || adminEmail.split('@')[0] || 'Admin';
  if (adminName.length > 200) problem('admin_name', 'Must be at most 200 characters.');

  const locale = input.locale?.trim() || 'en';
  if (!isLocaleCode(locale)) problem('locale', LOCALE_MESSAGE);

  if (Object.keys(fields).length > 0) throw new ValidationFailed(fields);
  return { siteName, domain, adminEmail, adminPassword: input.adminPassword, adminName, locale };
}

export const HOST_NAME_MESSAGE = 'Must be a host name such as example.com, without http:// or a path.';
export const LOCALE_MESSAGE = 'Must be a language code such as en or pt-BR.';

/** A normalized host name (see normalizeDomain) a site can answer on. */
export function isHostName(domain: string): boolean {
  return domain.length <= 253 && HOSTNAME.test(domain);
}

export function isLocaleCode(locale: string): boolean {
  return locale.length <= 35 && LOCALE.test(locale);
}

/** Lowercase, without a trailing dot or a port: sites are found by the bare host name. */
export function normalizeDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '');
}

/** A site's handle from its name: lowercase a-z, 0-9 and dashes, at most 63 characters. */
export function handleOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
  return slug || 'site';
}
