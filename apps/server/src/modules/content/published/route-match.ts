/** What a request path says about an entry under one route pattern. */
export interface RouteMatch {
  id?: number;
  /** `{slug}` or `{path}`: the entry's live path (a non-hierarchical entry's path is its slug). */
  path?: string;
  yyyy?: number;
  mm?: number;
  dd?: number;
}

const SEGMENT: Record<string, string> = {
  slug: '([a-z0-9][a-z0-9-]*)',
  path: '([a-z0-9][a-z0-9-]*(?:/[a-z0-9][a-z0-9-]*)*)',
  id: '([1-9][0-9]{0,9})',
  yyyy: '([0-9]{4})',
  mm: '([0-9]{2})',
  dd: '([0-9]{2})',
};

const compiled = new Map<string, { regex: RegExp; names: string[] }>();

/**
 * Matches a site-relative path (`/2026/05/hello`) against a route pattern (`/{yyyy}/{mm}/{slug}`),
 * the reverse of `routeOf`. Null when the path cannot be an entry of that pattern.
 */
export function matchRoute(pattern: string, path: string): RouteMatch | null {
  let route = compiled.get(pattern);
  if (!route) {
    const names: string[] = [];
    const source = pattern.replace(/\{([a-z]+)\}|[^{]+/g, (part, name: string | undefined) => {
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return SEGMENT[name] ?? '()';
    });
    route = { regex: new RegExp(`^${source}/?$`), names };
    compiled.set(pattern, route);
  }
  const found = route.regex.exec(path);
  if (!found) return null;
  const match: RouteMatch = {};
  route.names.forEach((name, i) => {
    const value = found[i + 1] ?? '';
    if (name === 'slug' || name === 'path') match.path = value;
    else if (name === 'id') match.id = Number(value);
    else match[name as 'yyyy' | 'mm' | 'dd'] = Number(value);
  });
  return match;
}

/** Whether a publication date agrees with the date placeholders of a match. */
export function dateAgrees(match: RouteMatch, publishedAt: string): boolean {
  const date = new Date(publishedAt);
  return (
    (match.yyyy === undefined || match.yyyy === date.getUTCFullYear()) &&
    (match.mm === undefined || match.mm === date.getUTCMonth() + 1) &&
    (match.dd === undefined || match.dd === date.getUTCDate())
  );
}

/** Patterns with more literal text first, `/{path}` (which matches anything) last. */
export function routeOrder(a: string, b: string): number {
  const weight = (pattern: string) =>
    pattern.replace(/\{[a-z]+\}/g, '').length + (pattern.includes('{path}') ? -1000 : 0);
  return weight(b) - weight(a);
}
