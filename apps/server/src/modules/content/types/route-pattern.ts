import type { Site } from '../../../core/sites/site.js';
import type { ContentType } from './content-type.js';

/**
 * Route patterns of content types: how the public site builds an entry's URL. A pattern is
 * `/`-separated segments, each a literal (a-z, 0-9, - and _) or one placeholder.
 */
const PLACEHOLDERS = new Set(['slug', 'path', 'id', 'yyyy', 'mm', 'dd']);
const LITERAL = /^[a-z0-9][a-z0-9_-]*$/;
const PLACEHOLDER = /^\{([a-z]+)\}$/;

/** Why a pattern is unusable, or null when it is fine. */
export function checkRoutePattern(pattern: string, hierarchical: boolean): string | null {
  if (!pattern.startsWith('/')) return 'A route pattern starts with /.';
  const segments = pattern.slice(1).split('/');
  const used = new Set<string>();
  for (const segment of segments) {
    const placeholder = PLACEHOLDER.exec(segment)?.[1];
    if (placeholder !== undefined) {
      if (!PLACEHOLDERS.has(placeholder))
        return `{${placeholder}} is not a placeholder; use {slug}, {path}, {id}, {yyyy}, {mm} or {dd}.`;
      if (used.has(placeholder)) return `{${placeholder}} appears twice.`;
      used.add(placeholder);
    } else if (!LITERAL.test(segment)) {
      return `"${segment}" is not a valid segment: use lowercase letters, digits, - and _, or one placeholder.`;
    }
  }
  if (!used.has('slug') && !used.has('path') && !used.has('id'))
    return 'A route pattern names the entry: it needs {slug}, {path} or {id}.';
  if (used.has('path') && !hierarchical) return '{path} is for hierarchical types; use {slug}.';
  if (used.has('slug') && used.has('path')) return 'Use {path} or {slug}, not both.';
  return null;
}

export interface RouteValues {
  id: number;
  slug: string;
  /** Ancestors' slugs and the entry's own, joined by /. */
  path: string;
  /** When the entry was (or will be) published, for the date placeholders. */
  date: Date;
}

/** The site-relative URL of an entry under `pattern` (checked beforehand). */
export function routeOf(pattern: string, values: RouteValues): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const url = pattern.replace(/\{([a-z]+)\}/g, (_, name: string) => {
    switch (name) {
      case 'slug':
        return values.slug;
      case 'path':
        return values.path;
      case 'id':
        return String(values.id);
      case 'yyyy':
        return String(values.date.getUTCFullYear());
      case 'mm':
        return pad(values.date.getUTCMonth() + 1);
      default:
        return pad(values.date.getUTCDate());
    }
  });
  return url;
}

/**
 * An entry's site-relative URL: its type's route pattern, under the locale's prefix when the
 * locale is not the site's default (/fr/...).
 */
export function entryUrl(
  site: Pick<Site, 'default_locale'>,
  type: Pick<ContentType, 'route_pattern'>,
  values: RouteValues,
  locale: string,
): string {
  return (locale === site.default_locale ? '' : `/${locale}`) + routeOf(type.route_pattern, values);
}
