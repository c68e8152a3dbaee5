import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../test/cli-fixtures.js';
import {
  createTestApp,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../../../test/harness.js';
import { bearer, seedToken } from '../../../test/identity-fixtures.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../core/config.js';
import type { App } from '../../core/http/app-type.js';
import { createRuntime, type Runtime } from '../../core/runtime.js';
import { UsersRepo } from '../identity/users/repo.js';
import { createSetupToken } from './setup-token.js';

/** `tessera install` and POST /api/setup must leave the same roles behind, stored and as served. */
let viaHttp: TestContext;
let cliDatabase: TestDatabase;
let cliRuntime: Runtime;
let cliApp: App;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  viaHttp = await createTestApp({ RATE_LIMIT_GENERAL: '10000' });
  const token = await createSetupToken(viaHttp.runtime);
  const setup = await viaHttp.app.inject({
    method: 'POST',
    url: '/api/setup',
    headers: { host: 'parity.test' },
    payload: {
      token,
      site_name: 'Parity',
      domain: 'parity.test',
      admin_email: 'root@parity.test',
      admin_password: PASSWORD,
    },
  });
  expect(setup.statusCode).toBe(201);

  cliDatabase = await createTestDatabase();
  const restore = pointCliAt(cliDatabase.env);
  try {
    const run = await cli(
      'install',
      '--site-name',
      'Parity',
      '--domain',
      'parity.test',
      '--admin-email',
      'root@parity.test',
      '--admin-password',
      PASSWORD,
    );
    expect(run.err).toBe('');
  } finally {
    restore();
  }
  cliRuntime = createRuntime(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_GENERAL: '10000', ...cliDatabase.env }),
  );
  cliApp = await buildApp(cliRuntime);
  await cliApp.ready();
});

afterAll(async () => {
  await cliApp?.close();
  await cliRuntime?.close();
  await cliDatabase?.drop();
  await viaHttp.close();
});

async function storedRoles(runtime: Runtime) {
  const db = runtime.data.raw;
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'slug', 'name', 'description', 'is_default', 'requires_two_factor'])
    .orderBy('slug')
    .execute();
  const grants = await db.selectFrom('role_permissions').select(['role_id', 'permission']).execute();
  return roles.map(({ id, ...role }) => ({
    ...role,
    permissions: grants
      .filter((g) => g.role_id === id)
      .map((g) => g.permission)
      .sort(),
  }));
}

async function servedRoles(runtime: Runtime, app: App) {
  const root = await new UsersRepo(runtime.data.global).findByEmail('root@parity.test');
  const token = await seedToken(runtime, root?.id ?? 0);
  const res = await app.inject({
    url: '/api/roles?limit=100',
    headers: { host: 'parity.test', ...bearer(token) },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<Record<string, unknown>>)
    .map(({ id: _id, created_at: _c, updated_at: _u, ...role }) => role)
    .sort((a, b) => String(a.slug).localeCompare(String(b.slug)));
}

describe('install from the CLI and from HTTP', () => {
  it('store identical roles and permission rows', async () => {
    const http = await storedRoles(viaHttp.runtime);
    expect(http.map((r) => r.slug)).toEqual(['admin', 'author', 'contributor', 'editor', 'super_admin']);
    expect(await storedRoles(cliRuntime)).toEqual(http);
  });

  it('serve identical roles through the API', async () => {
    const http = await servedRoles(viaHttp.runtime, viaHttp.app);
    expect(await servedRoles(cliRuntime, cliApp)).toEqual(http);
  });
});
