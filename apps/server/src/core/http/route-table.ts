import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from './route-config.js';

export interface RouteSummary {
  method: string;
  url: string;
  config: Partial<RouteAccess>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its access declaration. */
    routeTable: readonly RouteSummary[];
  }
}

/**
 * Records every route as it registers. Install it first, right after creating the app, so it sees
 * every route, those of third-party plugins included. The route-permission test walks this table,
 * and the not-found handler uses it to tell 404 from 405.
 */
export function installRouteTable(app: FastifyInstance): void {
  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // Later onRoute hooks (docs, CORS) still amend the config: read it when asked, not now.
    routeTable.push({
      method: [route.method].flat().join(','),
      url: route.url,
      get config() {
        return route.config ?? {};
      },
    });
  });
}

const patterns = new WeakMap<readonly RouteSummary[], Array<{ methods: string[]; pattern: RegExp }>>();

/**
 * The methods other routes accept on this concrete path, for a 405 with an Allow header. Only the
 * not-found path calls it, so the compiled patterns are built on first need.
 */
export function methodsAllowedOn(table: readonly RouteSummary[], path: string): string[] {
  let compiled = patterns.get(table);
  if (!compiled) {
    compiled = table
      .filter((route) => route.url !== '*' && !route.url.includes('*'))
      .map((route) => ({ methods: route.method.split(','), pattern: patternOf(route.url) }));
    patterns.set(table, compiled);
  }
  const allowed = new Set<string>();
  for (const route of compiled)
    if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
  return [...allowed].sort();
}

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}
