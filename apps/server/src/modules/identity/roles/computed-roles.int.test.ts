import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser } from '../../../../test/identity-fixtures.js';
import { identityOf } from '../identity.js';

/** Super Admin and Admin hold catalogue-derived sets, computed on read rather than copied at creation. */
let t: TestContext;
let roles: Map<string, number>;
let adminToken: string;
let editorToken: string;
const host = 'computed.test';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  let siteId: number;
  ({ siteId, roles } = await seedSiteWithRoles(t.runtime, host));
  adminToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteId, roles, { email: 'admin@computed.test', role: 'admin' }),
  );
  editorToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteId, roles, { email: 'editor@computed.test', role: 'editor' }),
  );
});
afterAll(() => t.close());

async function myPermissions(token: string): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/me', headers: { host, ...bearer(token) } });
  expect(res.statusCode).toBe(200);
  return res.json().data.permissions;
}

describe('computed default roles', () => {
  it('stores no permission rows for Super Admin and Admin', async () => {
    const rows = await t.runtime.data.raw
      .selectFrom('role_permissions')
      .select('role_id')
      .where('role_id', 'in', [roles.get('super_admin') ?? 0, roles.get('admin') ?? 0])
      .execute();
    expect(rows).toEqual([]);
  });

  it('gives an existing site’s Admin a permission registered after the site was created', async () => {
    expect(await myPermissions(adminToken)).not.toContain('gallery.curate');
    t.runtime.permissions.register('gallery.curate', 'Curate the gallery', { owner: 'gallery' });
    t.runtime.permissions.register('sites.audit', 'An installation-wide permission');
    identityOf(t.runtime).resolver.forgetAll();

    const admin = await myPermissions(adminToken);
    expect(admin).toContain('gallery.curate');
    // Installation-wide areas stay Super Admin only, whenever they were registered.
    expect(admin).not.toContain('sites.audit');
    expect(admin.filter((id) => id.startsWith('sites.') || id.startsWith('jobs.'))).toEqual([]);
    expect(await myPermissions(editorToken)).not.toContain('gallery.curate');

    const role = await t.app.inject({
      url: `/api/roles/${roles.get('admin')}`,
      headers: { host, ...bearer(adminToken) },
    });
    expect(role.json().data.permissions).toContain('gallery.curate');
  });

  it('refuses to edit the Admin role’s permissions but lets its name change', async () => {
    const url = `/api/roles/${roles.get('admin')}`;
    const headers = { host, ...bearer(adminToken) };
    const edit = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { permissions: ['posts.view'] },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('role_permissions_computed');

    const current = (await t.app.inject({ url, headers })).json().data.permissions;
    const rename = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { name: 'Site Admin', permissions: current },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().data).toMatchObject({ name: 'Site Admin', permissions: current });
  });
});
