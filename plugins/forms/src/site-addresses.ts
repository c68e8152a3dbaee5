import type { PluginSite } from '@tessera/plugin';

/**
 * Where a form lives on the site, and the name its posts are guarded under. Every form posts to one
 * route (`/forms/:slug`), each under a name of its own, so each has its own tokens and budget.
 */

/** The platform's longest form name (`[a-z0-9][a-z0-9_.:-]{0,63}`). */
const LONGEST_NAME = 64;
const PREFIX = 'forms.';

/**
 * The name a form's posts are guarded under: `forms.<slug>`; a slug too long for the platform's
 * names keeps its start and a digest of the whole, so two long slugs never share a name.
 */
export function formName(slug: string): string {
  const name = `${PREFIX}${slug}`;
  if (name.length <= LONGEST_NAME) return name;
  const digest = fnv1a(slug).toString(36).padStart(7, '0');
  return `${PREFIX}${slug.slice(0, LONGEST_NAME - PREFIX.length - digest.length - 1)}.${digest}`;
}

/** 32-bit FNV-1a: a short, stable digest (no secrecy needed). */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A path of the site in a language: the default language's has no prefix, the others `/fr`. */
export function inLanguage(site: Pick<PluginSite, 'default_locale'>, locale: string, path: string): string {
  return locale === site.default_locale ? path : `/${locale}${path}`;
}

/** The form's own page, where it posts too. */
export function formPath(site: Pick<PluginSite, 'default_locale'>, locale: string, slug: string): string {
  return inLanguage(site, locale, `/forms/${slug}`);
}

/** The page saying a form was sent. */
export function sentPath(site: Pick<PluginSite, 'default_locale'>, locale: string, slug: string): string {
  return `${formPath(site, locale, slug)}/sent`;
}

/**
 * The site's address for links in mails. The plugin context tells a plugin the site's domain but
 * not its scheme or port: the site is taken to be served over HTTPS, as the core's mails take it
 * when PUBLIC_URL is not one of the site's own.
 */
export function siteOrigin(site: Pick<PluginSite, 'primary_domain'>): string {
  return `https://${site.primary_domain}`;
}

/** Whether a success's `to` is a path of the site (`/thanks`), which a post may redirect to. */
export function isSitePath(to: string): boolean {
  return /^\/(?!\/|\\)/.test(to);
}
