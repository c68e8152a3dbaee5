import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import type { RouteSummary } from '../../../core/http/route-table.js';

/**
 * Every route declares who may call it: a permission from the catalogue, `authenticated` or
 * `public`. The app records its route table as routes register, third-party plugins' included.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function describeRoute(route: RouteSummary): string {
  return `${route.method} ${route.url}`;
}

describe('route permissions', () => {
  it('collects the real route table', () => {
    const names = t.app.routeTable.map(describeRoute);
    expect(names).toContain('GET /api/users');
    expect(names).toContain('DELETE /api/me/tokens/:id');
    expect(names).toContain('GET /healthz');
  });

  it('every route declares its permission', () => {
    const missing = t.app.routeTable
      .filter((route) => typeof route.config?.permission !== 'string')
      .map(describeRoute);
    expect(missing).toEqual([]);
  });

  it('every declared permission is public, authenticated or in the catalogue', () => {
    const unknown = t.app.routeTable
      .filter((route) => {
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
      const route = t.app.routeTable.find((r) => r.method.split(',').includes(method) && r.url === url);
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
