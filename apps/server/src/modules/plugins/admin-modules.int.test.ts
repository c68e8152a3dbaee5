import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';
import { pluginsDir } from '../../core/plugins/package-link.js';
import { activatePlugin, deactivatePlugin, installPlugin } from '../../core/plugins/plugin-admin.js';
import type { Site } from '../../core/sites/site.js';
import { allMigrationSources } from '../../lifecycle.js';

const fixtures = mkdtempSync(join(tmpdir(), 'tessera-admin-modules-'));
const MODULE = 'export default (admin) => admin.screen;\n';

/** A plugin folder: package.json, a server entry that does nothing, and the files given. */
function plugin(name: string, files: Record<string, string>, tessera: Record<string, unknown> = {}): string {
  const folder = join(fixtures, name);
  for (const [path, text] of Object.entries({ 'index.js': 'export default () => {};', ...files })) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name: `fixture-${name}`,
      version: '0.3.1',
      type: 'module',
      tessera: { plugin: name, entry: 'index.js', ...tessera },
    }),
  );
  return folder;
}

const panels = plugin(
  'panels',
  {
    'admin/index.js': MODULE,
    'admin/screens/list.js': 'export const list = 1;\n',
    'admin/.env.js': 'export const secret = 1;\n',
    'admin/notes.txt': 'not for the web',
  },
  { admin: 'admin/index.js' },
);
const rooted = plugin('rooted', { 'admin.js': MODULE }, { admin: 'admin.js' });
const plain = plugin('plain', {});
const failing = plugin(
  'failing',
  { 'index.js': 'export default () => { throw new Error("no licence"); };', 'admin/index.js': MODULE },
  { admin: 'admin/index.js' },
);

let t: TestContext;
let siteA: Site;
let siteB: Site;
let editorA: string;
let adminB: string;
const a = { host: 'a.test' };
const b = { host: 'b.test' };

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeSetup: async (runtime) => {
        for (const source of [panels, rooted, plain, failing])
          await installPlugin(runtime, source, await allMigrationSources(runtime));
        // A link inside the module's folder to a file of the plugin outside it.
        symlinkSync('../index.js', join(pluginsDir(runtime), 'panels', 'admin', 'server.js'));
      },
    },
  );
  const seededA = await seedSiteWithRoles(t.runtime, 'a.test');
  const seededB = await seedSiteWithRoles(t.runtime, 'b.test');
  siteA = (await t.runtime.siteStore.findById(seededA.siteId)) as Site;
  siteB = (await t.runtime.siteStore.findById(seededB.siteId)) as Site;
  editorA = await seedToken(
    t.runtime,
    await seedUser(t.runtime, seededA.siteId, seededA.roles, { email: 'editor@a.test', role: 'editor' }),
  );
  adminB = await seedToken(
    t.runtime,
    await seedUser(t.runtime, seededB.siteId, seededB.roles, { email: 'admin@b.test', role: 'admin' }),
  );
  for (const name of ['panels', 'rooted', 'plain']) await activatePlugin(t.runtime, name, siteA);
  await activatePlugin(t.runtime, 'rooted', siteB);
});

afterAll(async () => {
  await t?.close();
  rmSync(fixtures, { recursive: true, force: true });
});

/** A GET sent exactly as written, `..` included, to the app listening (closed with it after all). */
async function rawGet(path: string): Promise<{ status: number; body: string }> {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((done, fail) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: a }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => done({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', fail);
    request.end();
  });
}

const list = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/plugins/admin-modules', headers });
const file = (path: string, headers = a) => t.app.inject({ url: `/admin/extensions/${path}`, headers });

describe('GET /api/plugins/admin-modules', () => {
  it("lists the admin modules of the plugins active on the caller's site, for any signed-in user", async () => {
    const answer = await list({ ...a, ...bearer(editorA) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([
      { plugin: 'panels', version: '0.3.1', url: '/admin/extensions/panels/0.3.1/index.js' },
      { plugin: 'rooted', version: '0.3.1', url: '/admin/extensions/rooted/0.3.1/admin.js' },
    ]);
    // Site B has only `rooted` switched on.
    expect((await list({ ...b, ...bearer(adminB) })).json().data).toEqual([
      { plugin: 'rooted', version: '0.3.1', url: '/admin/extensions/rooted/0.3.1/admin.js' },
    ]);
  });

  it('is refused without a session or token, and on a site the token is not for', async () => {
    expect((await list(a)).statusCode).toBe(401);
    expect((await list({ ...b, ...bearer(editorA) })).statusCode).toBe(401);
  });
});

describe('the files of an admin module', () => {
  it('are served from the folder holding the module, as JavaScript cached for good', async () => {
    const module = await file('panels/0.3.1/index.js');
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(module.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(module.body).toBe(MODULE);
    const beside = await file('panels/0.3.1/screens/list.js');
    expect(beside.statusCode).toBe(200);
    expect(beside.body).toBe('export const list = 1;\n');
  });

  it('answer 404 for another version, a plugin inactive on the site, one without a module or one that failed', async () => {
    expect((await file('panels/0.3.0/index.js')).statusCode).toBe(404);
    expect((await file('panels/0.3.1/index.js', b)).statusCode).toBe(404);
    expect((await file('plain/0.3.1/index.js')).statusCode).toBe(404);
    expect((await file('failing/0.3.1/index.js')).statusCode).toBe(404);
    expect((await file('nobody/0.3.1/index.js')).statusCode).toBe(404);
    expect(
      (await list({ ...a, ...bearer(editorA) })).json().data.map((m: { plugin: string }) => m.plugin),
    ).not.toContain('failing');
  });

  it('never leave the folder: parent paths, encoded or not, links, hidden files and other types are 404', async () => {
    // Sent as written: URL parsers (inject's, browsers') resolve `..` and `%2e%2e` before they leave.
    for (const path of [
      'panels/0.3.1/../index.js',
      'panels/0.3.1/screens/../../index.js',
      'panels/0.3.1/%2e%2e/index.js',
      'panels/0.3.1/..%2findex.js',
      'panels/0.3.1/screens/..%2f..%2findex.js',
      'panels/0.3.1/%2e%2e%2f%2e%2e%2fpackage.json',
      'panels/0.3.1/..%5c..%5cindex.js',
      'panels/0.3.1/server.js',
      'panels/0.3.1/.env.js',
      'panels/0.3.1/notes.txt',
      'panels/0.3.1/screens',
      'panels/0.3.1/',
    ]) {
      const answer = await rawGet(`/admin/extensions/${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('export default () => {}');
    }
    // A NUL never reaches a handler: the app's input guard refuses the address first.
    expect((await rawGet('/admin/extensions/panels/0.3.1/index.js%00.js')).status).toBe(422);
  });

  it('of a module at the root of its plugin are that module alone, never the plugin beside it', async () => {
    expect((await file('rooted/0.3.1/admin.js')).statusCode).toBe(200);
    expect((await file('rooted/0.3.1/index.js')).statusCode).toBe(404);
    expect((await file('rooted/0.3.1/package.json')).statusCode).toBe(404);
  });

  it('are gone from a site once the plugin is switched off there', async () => {
    await deactivatePlugin(t.runtime, 'panels', siteA);
    try {
      expect((await file('panels/0.3.1/index.js')).statusCode).toBe(404);
      expect((await list({ ...a, ...bearer(editorA) })).json().data).toEqual([
        { plugin: 'rooted', version: '0.3.1', url: '/admin/extensions/rooted/0.3.1/admin.js' },
      ]);
    } finally {
      await activatePlugin(t.runtime, 'panels', siteA);
    }
  });
});
