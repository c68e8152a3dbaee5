import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';

/**
 * Every route declares who may call it: a permission from the catalogue, `authenticated` or
 * `public`. buildApp creates its Fastify instance itself, so this file wraps the Fastify factory to
 * attach an onRoute collector before any plugin registers a route; the app is otherwise the real one.
 */
const { collected } = vi.hoisted(() => ({ collected: [] as RouteOptions[] }));

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const create = actual.default as unknown as (options?: FastifyServerOptions) => FastifyInstance;
  const withCollector = (options?: FastifyServerOptions) => {
    const app = create(options);
    app.addHook('onRoute', (route) => {
      collected.push(route);
    });
    return app;
  };
  return { ...actual, default: withCollector, fastify: withCollector };
});

/**
 * Routes a third-party plugin adds without a way to pass them our config. @fastify/cors's preflight
 * catch-all is answered by the plugin's own onRequest hook, registered before site resolution and
 * authentication, so our hooks never see a preflight.
 */
const pluginRoutes = new Set(['OPTIONS *']);

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function describeRoute(route: RouteOptions): string {
  return `${[route.method].flat().join(',')} ${route.url}`;
}

describe('route permissions', () => {
  it('collects the real route table', () => {
    const names = collected.map(describeRoute);
    expect(names).toContain('GET /api/users');
    expect(names).toContain('DELETE /api/me/tokens/:id');
    expect(names).toContain('GET /healthz');
  });

  it('every route declares its permission', () => {
    const missing = collected
      .filter((route) => typeof route.config?.permission !== 'string')
      .map(describeRoute)
      .filter((name) => !pluginRoutes.has(name));
    expect(missing).toEqual([]);
  });

  it('every declared permission is public, authenticated or in the catalogue', () => {
    const unknown = collected
      .filter((route) => {
        if (pluginRoutes.has(describeRoute(route))) return false;
        const permission = route.config?.permission;
        return (
          permission !== 'public' &&
          permission !== 'authenticated' &&
          !t.runtime.permissions.has(String(permission))
        );
      })
      .map((route) => `${describeRoute(route)} → ${String(route.config?.permission)}`);
    expect(unknown).toEqual([]);
  });

  it('declares the identity endpoints as documented, in the route table and the OpenAPI document alike', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const [endpoint, permission] of Object.entries(identityEndpoints)) {
      const [method = '', url = ''] = endpoint.split(' ');
      const route = collected.find((r) => [r.method].flat().includes(method) && r.url === url);
      expect(route?.config?.permission, endpoint).toBe(permission);
      const documented = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(documented?.['x-permission'], endpoint).toBe(permission);
    }
  });
});

const identityEndpoints: Record<string, string> = {
  'GET /api/users': 'users.view',
  'GET /api/users/:id': 'users.view',
  'POST /api/users': 'users.create',
  'PUT /api/users/:id': 'users.edit',
  'DELETE /api/users/:id': 'users.delete',
  'GET /api/roles': 'roles.view',
  'GET /api/roles/:id': 'roles.view',
  'POST /api/roles': 'roles.create',
  'PUT /api/roles/:id': 'roles.edit',
  'DELETE /api/roles/:id': 'roles.delete',
  'GET /api/permissions': 'roles.view',
  'GET /api/me': 'authenticated',
  'PUT /api/me': 'authenticated',
  'GET /api/me/tokens': 'authenticated',
  'POST /api/me/tokens': 'tokens.create',
  'DELETE /api/me/tokens/:id': 'authenticated',
};
