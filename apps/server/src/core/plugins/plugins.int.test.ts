import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../test/cli-fixtures.js';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { SiteVisitor } from '../../../test/fixtures/site-visitor.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import {
  activityOf,
  bearer,
  seedSiteWithRoles,
  seedToken,
  seedUser,
} from '../../../test/identity-fixtures.js';
import { pluginFixtures } from '../../../test/plugin-fixtures.js';
import { allMigrationSources } from '../../lifecycle.js';
import { AccountsRepo } from '../../modules/accounts/repo.js';
import { hashPassword } from '../../modules/identity/password/passwords.js';
import { readJson } from '../db/engine.js';
import { ValidationFailed } from '../errors.js';
import { workerForRuntime } from '../jobs/worker.js';
import type { Site } from '../sites/site.js';
import { readManifest } from './manifest.js';
import { activatePlugin, deactivatePlugin, installPlugin } from './plugin-admin.js';
import { pluginsOf } from './plugin-host.js';

const guestbook = fileURLToPath(new URL('../../../../../examples/plugin-guestbook', import.meta.url));
const fixtures = pluginFixtures();
/** Writes a plugin folder for a test: package.json with the manifest, and its entry module. */
const pluginFixture = fixtures.write;

// Registers a permission, then throws: the permission must not stay behind.
const broken = pluginFixture(
  'broken',
  `export default { setup(plugin) {
     plugin.permissions.register('broken.use', 'Never registered');
     throw new Error('cannot reach its licence server');
   } };`,
);
// Shows what the context holds, and that the plugin's db refuses the core's tables.
const probe = pluginFixture(
  'probe',
  `export default function setup(plugin) {
     const t = plugin.schema;
     plugin.settings.define(t.Object({ api_key: t.Union([t.String(), t.Null()]) }), { api_key: null }, { secrets: ['api_key'] });
     plugin.routes.get('/key', { permission: 'public', summary: 'Whether the secret reads back' }, async (ctx) => {
       const { api_key } = await plugin.settings.read(ctx);
       return { matches: api_key === 'sk-probe-123' };
     });
     // A payment provider's webhook: signed (HMAC-SHA256, hex) over the exact bytes it sent.
     plugin.routes.post('/webhook', { permission: 'public', summary: 'A signed webhook', rawBody: true }, async (ctx, { body, headers, rawBody }) => {
       const { createHmac, timingSafeEqual } = await import('node:crypto');
       const expected = createHmac('sha256', 'whsec-probe').update(rawBody).digest();
       const sent = Buffer.from(String(headers['x-probe-signature'] ?? ''), 'hex');
       const verified = sent.length === expected.length && timingSafeEqual(sent, expected);
       return { verified, event: body.event, bytes: rawBody.length };
     });
     plugin.routes.post('/call', { permission: 'public', summary: 'Calls another server' }, async (ctx, { body }) => {
       const answer = await plugin.http.request(ctx, body.url, body.init);
       return { status: answer.status, type: answer.headers['content-type'] ?? null, text: answer.text() };
     });
     plugin.routes.post('/parsed', { permission: 'public', summary: 'A route that keeps no bytes' }, async (ctx, { rawBody }) => ({ raw: rawBody }));
     // A cart's script on a page: the visitor's session through an API route.
     plugin.routes.post('/cart', { permission: 'public', summary: 'Adds to the visitor cart' }, async (ctx, { body, visitor }) => {
       const session = await visitor.read();
       const items = [...(session?.data.items ?? []), body.item];
       await visitor.setData({ items });
       return { items };
     });
     plugin.routes.get('/cart', { permission: 'public', summary: 'The visitor cart' }, async (ctx, { visitor }) =>
       ({ items: (await visitor.read())?.data.items ?? [], account: (await visitor.read())?.account ?? null }));
     plugin.routes.post('/profile-fields', { permission: 'public', summary: 'Checks written fields and values' }, async (ctx, { body }) => {
       const problems = plugin.content.checkFields(body.fields);
       if (Object.keys(problems).length > 0) return { problems };
       return { values: plugin.content.checkValues(body.fields, body.values, { isNew: true }) };
     });
     plugin.routes.get('/language', { permission: 'public', summary: 'The caller language' }, async (ctx, { locale }) => ({ locale }));
     plugin.routes.post('/refuse', { permission: 'public', summary: 'Fails as asked' }, async (ctx, { body }) => {
       const { BadRequest, TooManyRequests, UpstreamFailed } = plugin.errors;
       if (body.as === 400) throw new BadRequest('The signature does not hold.', 'probe_signature');
       if (body.as === 429) throw new TooManyRequests(7, 'The provider asks to slow down.', 'probe_busy');
       throw new UpstreamFailed('The provider did not answer.', 'probe_down');
     });
     plugin.routes.get('/of-guestbook', { permission: 'public', summary: 'Another plugin it does not require' }, async () => {
       try { plugin.api.of('guestbook'); return { refused: null }; } catch (error) { return { refused: error.message }; }
     });
     plugin.routes.get('/context', { permission: 'public', summary: 'What a plugin is given' }, async (ctx) => {
       let refused = null;
       try { plugin.db(ctx).selectFrom('users'); } catch (error) { refused = error.message; }
       return { keys: Object.keys(plugin).sort(), refused };
     });
   }`,
);

// Build on the guestbook: one in a version it has, one in a version it does not.
const extras = pluginFixture(
  'guestbook-extras',
  `export default (plugin) => {
     plugin.routes.get('/signatures', { permission: 'public', summary: 'Counted by the guestbook' }, async (ctx) =>
       ({ count: await plugin.api.of('guestbook').visibleEntries(ctx) }));
   };`,
  {
    tessera: { plugin: 'guestbook-extras', entry: 'index.js', requires: { guestbook: '^1' } },
  },
);
const future = pluginFixture('guestbook-next', 'export default () => {};', {
  tessera: { plugin: 'guestbook-next', entry: 'index.js', requires: { guestbook: '>=2' } },
});

let t: TestContext;
let siteA: Site;
let adminToken: string;
let editorToken: string;
let superToken: string;

const hostA = { host: 'a.test' };
const hostB = { host: 'b.test' };

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '1000' },
    {
      beforeSetup: async (runtime) => {
        for (const source of [guestbook, broken, probe, extras, future])
          await installPlugin(runtime, source, await allMigrationSources(runtime));
      },
    },
  );
  const a = await seedSiteWithRoles(t.runtime, 'a.test');
  await seedSiteWithRoles(t.runtime, 'b.test');
  const found = await t.runtime.siteStore.findById(a.siteId);
  if (!found) throw new Error('site a.test missing');
  siteA = found;
  const adminId = await seedUser(t.runtime, a.siteId, a.roles, { email: 'admin@a.test', role: 'admin' });
  const editorId = await seedUser(t.runtime, a.siteId, a.roles, { email: 'editor@a.test', role: 'editor' });
  adminToken = await seedToken(t.runtime, adminId);
  editorToken = await seedToken(t.runtime, editorId);
  superToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, a.siteId, a.roles, { email: 'root@a.test', role: 'super_admin' }),
  );
  await activatePlugin(t.runtime, 'guestbook', siteA);
  await activatePlugin(t.runtime, 'probe', siteA);
});
afterAll(async () => {
  await t.close();
  fixtures.remove();
});

const sign = (headers: Record<string, string>, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/guestbook/entries', headers, payload: body as object });

describe('installing a plugin', () => {
  it('checks the manifest, runs its migrations and records it', async () => {
    const applied = await t.runtime.data.global
      .selectFrom('tessera_migrations' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((row) => (row as { name: string }).name)).toContain(
      'plugin.guestbook.0001_guestbook_entries',
    );
    expect(
      pluginsOf(t.runtime)
        .list()
        .find((p) => p.name === 'guestbook'),
    ).toMatchObject({
      version: '1.0.0',
      state: 'loaded',
      activeOn: [siteA.id],
    });
  });

  it('refuses a folder that is not a plugin, naming what is wrong', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tessera: undefined }, 'tessera'],
      [{ tessera: { plugin: 'users', entry: 'index.js' } }, 'tessera.plugin'],
      [{ tessera: { plugin: 'Bad Name', entry: 'index.js' } }, 'tessera.plugin'],
      [{ tessera: { plugin: 'escape', entry: '../../etc/passwd' } }, 'tessera.entry'],
      [{ tessera: { plugin: 'nomig', entry: 'index.js', migrations: 'missing' } }, 'tessera.migrations'],
      [{ version: 'latest' }, 'version'],
      [{ type: 'commonjs' }, 'type'],
    ];
    for (const [manifest, field] of cases) {
      const folder = pluginFixture(
        `case-${field.replace('.', '-')}-${Math.random().toString(36).slice(2, 6)}`,
        '',
        manifest,
      );
      let error: unknown;
      try {
        readManifest(folder);
      } catch (caught) {
        error = caught;
      }
      expect(error, field).toBeInstanceOf(ValidationFailed);
      expect(Object.keys((error as ValidationFailed).fields), field).toContain(field);
    }
  });
});

describe('a plugin route', () => {
  it('knows the caller language and fails with 400, 429 and 502 in the envelope', async () => {
    const language = async (headers: Record<string, string>) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/probe/language', headers: { ...hostA, ...headers } })
      ).json().data.locale;
    expect(await language({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })).toBe('fr');
    expect(await language({ 'accept-language': 'de' })).toBe('en');
    const refused = (as: number) =>
      t.app.inject({ method: 'POST', url: '/api/probe/refuse', headers: hostA, payload: { as } });
    const bad = await refused(400);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'probe_signature']);
    const busy = await refused(429);
    expect([busy.statusCode, busy.json().code, busy.headers['retry-after']]).toEqual([
      429,
      'probe_busy',
      '7',
    ]);
    const down = await refused(502);
    expect([down.statusCode, down.json()]).toEqual([
      502,
      expect.objectContaining({ code: 'probe_down', message: 'The provider did not answer.' }),
    ]);
  });
});

describe('fields a plugin lets administrators write', () => {
  it('are checked under the rules of a content type’s fields, and so are their values', async () => {
    const check = async (fields: unknown, values: unknown = {}) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/probe/profile-fields',
          headers: hostA,
          payload: { fields, values },
        })
      ).json().data;
    const profile = [
      { key: 'nickname', label: 'Nickname', type: 'text', required: true, max_length: 20 },
      {
        key: 'level',
        label: 'Level',
        type: 'select',
        choices: [
          { value: 'novice', label: 'Novice' },
          { value: 'skipper', label: 'Skipper' },
        ],
        default: 'novice',
      },
      { key: 'photo', label: 'Photo', type: 'image' },
    ];
    // A definition that does not hold: a select without choices, a key twice.
    const wrong = await check([
      { key: 'level', label: 'Level', type: 'select' },
      { key: 'level', label: 'Again', type: 'text' },
    ]);
    expect(Object.keys(wrong.problems).sort()).toEqual(['fields[0].choices', 'fields[1].key']);
    expect((await check('nope')).problems).toEqual({ fields: ['Must be a list of field definitions.'] });
    // Values: named by their own keys, defaults given, media ids handed back to be checked.
    const refused = await check(profile, { nickname: 'x'.repeat(21), level: 'admiral' });
    expect(refused.values.ok).toBe(false);
    expect(Object.keys(refused.values.errors).sort()).toEqual(['level', 'nickname']);
    const kept = await check(profile, { nickname: 'Ann', photo: 7 });
    expect(kept.values).toEqual({
      ok: true,
      values: expect.objectContaining({ nickname: 'Ann', level: 'novice', photo: 7 }),
      mediaIds: [7],
      entryIds: [],
    });
  });
});

describe('plugins that require others', () => {
  it('are activated only where what they require is active, in a version the range accepts', async () => {
    const siteB = await t.runtime.siteStore.findByDomain('b.test');
    if (!siteB) throw new Error('site b.test missing');
    await expect(activatePlugin(t.runtime, 'guestbook-extras', siteB)).rejects.toMatchObject({
      status: 409,
      code: 'plugin_requirement_missing',
      message: 'guestbook-extras needs guestbook ^1 active on this site.',
    });
    // Active on site A, but in 1.0.0 where 2 or later is needed.
    await expect(activatePlugin(t.runtime, 'guestbook-next', siteA)).rejects.toMatchObject({
      code: 'plugin_requirement_missing',
      message: 'guestbook-next needs guestbook >=2 active on this site.',
    });
    expect(await activatePlugin(t.runtime, 'guestbook-extras', siteA)).toBe(true);
    try {
      // It calls what the guestbook offers, on its own site: the entries visible on a.test only.
      const counted = async (host: { host: string }) =>
        (await t.app.inject({ method: 'GET', url: '/api/guestbook-extras/signatures', headers: host })).json()
          .data;
      const siteB = await t.runtime.siteStore.findByDomain('b.test');
      const now = new Date().toISOString();
      const rows = [
        [siteA.id, 0],
        [siteA.id, 0],
        [siteA.id, 1],
        [siteB?.id, 0],
      ];
      for (const [site, hidden] of rows)
        await sql`insert into guestbook_entries (site_id, name, message, hidden, created_at)
          values (${site}, ${'Ann'}, ${'Counted'}, ${hidden}, ${now})`.execute(t.runtime.data.global);
      const { rows: visible } = await sql<{ count: number | string }>`select count(*) as count
        from guestbook_entries where site_id = ${siteA.id} and hidden = 0`.execute(t.runtime.data.global);
      expect(await counted(hostA)).toEqual({ count: Number(visible[0]?.count) });
      expect(Number(visible[0]?.count)).toBeGreaterThanOrEqual(2);
      // A plugin that does not require the guestbook is not given it.
      const probed = await t.app.inject({ method: 'GET', url: '/api/probe/of-guestbook', headers: hostA });
      expect(probed.json().data).toEqual({ refused: 'probe does not name "guestbook" in tessera.requires' });
      await expect(deactivatePlugin(t.runtime, 'guestbook', siteA)).rejects.toMatchObject({
        status: 409,
        code: 'plugin_required',
        message: 'guestbook is required on this site by guestbook-extras.',
      });
      // Through the API too, in the envelope; and the guestbook stays active.
      const refused = await t.app.inject({
        method: 'PUT',
        url: '/api/plugins/guestbook/active',
        headers: { ...hostA, ...bearer(adminToken) },
        payload: { active: false },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'plugin_required' });
      expect(pluginsOf(t.runtime).isActive('guestbook', siteA.id)).toBe(true);
    } finally {
      await deactivatePlugin(t.runtime, 'guestbook-extras', siteA);
    }
  });

  it('name what they require in the manifest, checked at install', () => {
    const bad = pluginFixture('needs-bad', 'export default () => {};', {
      tessera: { plugin: 'needs-bad', entry: 'index.js', requires: { guestbook: 'soon', 'needs-bad': '1' } },
    });
    let error: unknown;
    try {
      readManifest(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).fields).toEqual({
      'tessera.requires.guestbook': ['Must be a version range such as ^1 or >=1.2.'],
      'tessera.requires.needs-bad': ['Must name another plugin.'],
    });
  });
});

describe('a plugin that throws while loading', () => {
  it('is reported with its reason, registers nothing, and the server still starts', async () => {
    expect(
      pluginsOf(t.runtime)
        .list()
        .find((p) => p.name === 'broken'),
    ).toMatchObject({
      state: 'failed',
      error: 'cannot reach its licence server',
    });
    expect(t.runtime.permissions.has('broken.use')).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('the plugin context', () => {
  it('holds only the documented surface: no configuration, no root database handle, no secret key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/probe/context', headers: hostA });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      keys: [
        'accounts',
        'api',
        'area',
        'backups',
        'blocks',
        'content',
        'db',
        'errors',
        'events',
        'files',
        'hooks',
        'http',
        'jobs',
        'log',
        'mail',
        'mcp',
        'media',
        'messages',
        'name',
        'pages',
        'patterns',
        'permissions',
        'routes',
        'schema',
        'settings',
        'version',
      ],
      refused: 'plugin probe may only use its own tables (probe_...), not "users"',
    });
  });
});

describe("a plugin's routes", () => {
  it('give the request headers, and the bytes as sent to a route that asks for them', async () => {
    // Spacing and key order a JSON parser would not keep: the signature is over these bytes.
    const sent = '{ "event":"payment.succeeded",  "amount": 1200 }';
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', 'whsec-probe').update(sent).digest('hex');
    const post = (payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/probe/webhook',
        headers: { ...hostA, 'content-type': 'application/json', ...headers },
        payload,
      });
    const signed = await post(sent, { 'x-probe-signature': signature });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data).toEqual({ verified: true, event: 'payment.succeeded', bytes: sent.length });
    const tampered = await post(sent.replace('1200', '1'), { 'x-probe-signature': signature });
    expect(tampered.json().data.verified).toBe(false);

    // Still the route's body limit, and JSON still parsed and checked.
    const tooLarge = await post(`{"event":"${'x'.repeat(1_100_000)}"}`);
    expect(tooLarge.statusCode).toBe(413);
    expect((await post('{"event":')).statusCode).toBe(400);

    const parsed = await t.app.inject({
      method: 'POST',
      url: '/api/probe/parsed',
      headers: hostA,
      payload: { event: 'x' },
    });
    expect(parsed.json().data).toEqual({ raw: null });
  });
});

describe("a plugin's routes and the public site's visitor", () => {
  it('keep data for the visitor in their session, started by the first route that keeps some', async () => {
    const add = (item: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/probe/cart',
        headers: { ...hostA, ...(cookie ? { cookie } : {}) },
        payload: { item },
      });
    const none = await t.app.inject({ method: 'GET', url: '/api/probe/cart', headers: hostA });
    expect(none.json().data).toEqual({ items: [], account: null });
    expect(none.headers['set-cookie']).toBeUndefined();
    const first = await add('rope');
    expect(first.statusCode, first.body).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^tessera_visitor=/);
    expect((await add('sail', cookie)).json().data).toEqual({ items: ['rope', 'sail'] });
    const read = await t.app.inject({ method: 'GET', url: '/api/probe/cart', headers: { ...hostA, cookie } });
    expect(read.json().data).toEqual({ items: ['rope', 'sail'], account: null });
  });
});

describe("a plugin's requests to other servers", () => {
  it('reach a private address only once a Super Admin allows it, with JSON, bounded answers', async () => {
    const { createServer } = await import('node:http');
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const sent = Buffer.concat(chunks).toString();
        if (request.url === '/big') return response.end('x'.repeat(2048));
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({ method: request.method, type: request.headers['content-type'] ?? null, sent }),
        );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
    const call = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/probe/call', headers: hostA, payload });
    try {
      const refused = await call({ url: `${base}/complete` });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'private_address' });

      const asAdmin = { ...hostA, ...bearer(adminToken) };
      const settings = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/settings/plugins',
          headers,
          payload: { allow_private_addresses: true },
        });
      expect((await settings(asAdmin)).statusCode).toBe(403);
      expect((await settings({ ...hostA, ...bearer(superToken) })).statusCode).toBe(200);

      const answered = await call({
        url: `${base}/complete`,
        init: { method: 'POST', body: { prompt: 'Write alt text' } },
      });
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json().data).toMatchObject({ status: 200, type: 'application/json' });
      expect(JSON.parse(answered.json().data.text)).toEqual({
        method: 'POST',
        type: 'application/json',
        sent: '{"prompt":"Write alt text"}',
      });
      const tooLong = await call({ url: `${base}/big`, init: { maxBytes: 1024 } });
      expect(tooLong.statusCode).toBe(502);
      expect(tooLong.json()).toMatchObject({ code: 'upstream_too_large' });
      const notWeb = await call({ url: 'file:///etc/passwd' });
      expect(notWeb.json()).toMatchObject({ code: 'upstream_failed' });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe("a plugin's settings", () => {
  it('are a group of /api/settings, secrets write-only there and opened for the plugin', async () => {
    const headers = { ...hostA, ...bearer(adminToken) };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/probe',
      headers,
      payload: { api_key: 'sk-probe-123' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ api_key: { set: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/probe', headers })).body).not.toContain(
      'sk-probe',
    );
    const key = await t.app.inject({ method: 'GET', url: '/api/probe/key', headers: hostA });
    expect(key.json().data).toEqual({ matches: true });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/guestbook',
      headers,
      payload: { hide_links: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['guestbook.hide_links']);
  });
});

describe("the guestbook plugin's routes", () => {
  it('answer on a site where it is active, and 404 where it is not', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/guestbook/entries', headers: hostA })).statusCode,
    ).toBe(200);
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/guestbook/entries', headers: hostB });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: 'route_not_found' });
    expect((await sign(hostB, { name: 'Ann', message: 'Hello' })).statusCode).toBe(404);
  });

  it('validate input, count against the rate limit and store on the right site', async () => {
    const bad = await sign(hostA, { name: '', message: 'x', extra: true });
    expect(bad.statusCode).toBe(422);
    const res = await sign(hostA, { name: 'Ann', message: 'Lovely site' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
    expect(res.json().data).toMatchObject({ name: 'Ann', message: 'Lovely site' });
    const list = await t.app.inject({ method: 'GET', url: '/api/guestbook/entries', headers: hostA });
    expect(list.json().data.map((e: { name: string }) => e.name)).toContain('Ann');
    const row = await t.runtime.data.global
      .selectFrom('guestbook_entries' as never)
      .select('site_id' as never)
      .where('id' as never, '=', res.json().data.id as never)
      .executeTakeFirst();
    expect(row).toEqual({ site_id: siteA.id });
  });

  it('check the permission the route declares', async () => {
    const { data } = (await sign(hostA, { name: 'Bo', message: 'Delete me' })).json();
    const url = `/api/guestbook/entries/${data.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: hostA })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: { ...hostA, ...bearer(editorToken) } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: { ...hostA, ...bearer(adminToken) } }))
        .statusCode,
    ).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url, headers: { ...hostA, ...bearer(adminToken) } });
    expect(again.statusCode).toBe(404);
  });

  it('are documented with their permission', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/guestbook/entries/{id}'].delete['x-permission']).toBe('guestbook.moderate');
    expect(doc.paths['/api/guestbook/entries'].post['x-permission']).toBe('public');
  });
});

describe("the guestbook's block", () => {
  it('shows the latest signatures on a page, escaped, and a new one once it is signed', async () => {
    const asAdmin = { ...hostA, ...bearer(adminToken) };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/pages',
      headers: asAdmin,
      payload: {
        title: 'Visitors',
        blocks: [{ type: 'guestbook.latest', props: { title: 'Signed', count: 3 } }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().data;
    await t.app.inject({
      method: 'POST',
      url: `/api/pages/${page.id}/publish`,
      headers: asAdmin,
      payload: {},
    });
    const visit = () => t.app.inject({ method: 'GET', url: `/${page.slug}`, headers: hostA });
    const before = await visit();
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('<h2>Signed</h2>');
    expect((await sign(hostA, { name: '<i>Ahab</i>', message: 'Call me later' })).statusCode).toBe(201);
    const after = (await visit()).body;
    expect(after).toContain('<strong>&lt;i&gt;Ahab&lt;/i&gt;</strong> wrote: Call me later');
  });
});

describe("the guestbook's page", () => {
  it('is signed through its form, and thanks the visitor by name from their session', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/guestbook', headers: hostA });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Guestbook');
    const token = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const send = (form: Record<string, string>, cookie = '') =>
      t.app.inject({
        method: 'POST',
        url: '/guestbook',
        headers: {
          ...hostA,
          origin: 'http://a.test',
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie ? { cookie } : {}),
        },
        payload: new URLSearchParams({ form_token: token, ...form }).toString(),
      });
    const refused = await send({ name: 'Ishmael', message: '' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Write your name and a message.');
    const signed = await send({ name: 'Ishmael', message: 'Call me, & soon' });
    expect(signed.statusCode, signed.body).toBe(303);
    expect(signed.headers.location).toBe('/guestbook');
    const cookie = String(signed.headers['set-cookie']).split(';')[0] ?? '';
    const again = await t.app.inject({ method: 'GET', url: '/guestbook', headers: { ...hostA, cookie } });
    expect(again.body).toContain('Thank you for signing, Ishmael.');
    expect(again.body).toContain('<strong>Ishmael</strong> wrote: Call me, &amp; soon');
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it("signs with the name of the visitor's site account when one is signed in", async () => {
    const at = new Date().toISOString();
    await new AccountsRepo(t.runtime.data.site(siteA.id)).insert({
      email: 'starbuck@pequod.test',
      email_normalized: 'starbuck@pequod.test',
      name: 'Starbuck',
      password_hash: await hashPassword('a long enough sea password'),
      status: 'active',
      locale: 'en',
      email_verified_at: at,
      last_sign_in_at: null,
      created_at: at,
      updated_at: at,
    });
    const visitor = new SiteVisitor(t.app, 'a.test');
    const signedIn = await visitor.submit('/account/sign-in', '/account/sign-in', {
      email: 'starbuck@pequod.test',
      password: 'a long enough sea password',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(303);
    expect((await visitor.get('/guestbook')).body).toContain('You sign as Starbuck, with your account.');
    const signed = await visitor.submit('/guestbook', '/guestbook', { message: 'Thar she blows' });
    expect(signed.statusCode, signed.body).toBe(303);
    expect((await visitor.get('/guestbook')).body).toContain(
      '<strong>Starbuck</strong> wrote: Thar she blows',
    );
  });
});

describe("the guestbook's hook and job", () => {
  it('lets a transaction-phase callback refuse a signature, leaving neither entry nor job', async () => {
    const off = t.runtime.hooks.addAction(
      'guestbook.before_sign' as never,
      ((_ctx: unknown, entry: { name: string }) => {
        if (entry.name === 'Mallory') throw ValidationFailed.field('name', 'Not welcome.');
      }) as never,
      { owner: 'test:allow-list' },
    );
    try {
      const jobsBefore = await t.runtime.data.global.selectFrom('jobs').select('id').execute();
      const res = await sign(hostA, { name: 'Mallory', message: 'hi' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ name: ['Not welcome.'] });
      const jobsAfter = await t.runtime.data.global.selectFrom('jobs').select('id').execute();
      expect(jobsAfter.length).toBe(jobsBefore.length);
      const list = await t.app.inject({ method: 'GET', url: '/api/guestbook/entries', headers: hostA });
      expect(list.json().data.map((e: { name: string }) => e.name)).not.toContain('Mallory');
    } finally {
      off();
    }
  });

  it('runs its job, enqueued in the transaction for the site, in the worker, as its settings say', async () => {
    const headers = { ...hostA, ...bearer(adminToken) };
    const latestJob = () =>
      t.runtime.data.global
        .selectFrom('jobs')
        .select(['id', 'site_id', 'payload', 'status'])
        .where('name', '=', 'guestbook.moderate_links')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const visible = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/guestbook/entries', headers: hostA }))
        .json()
        .data.map((e: { id: number }) => e.id);
    const worker = workerForRuntime(t.runtime, { pollMs: 20 });
    worker.start();
    try {
      // With hide_links off, the job runs and keeps an entry with a link.
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/settings/guestbook',
            headers,
            payload: { hide_links: false },
          })
        ).statusCode,
      ).toBe(200);
      const kept = (await sign(hostA, { name: 'Linker', message: 'My page: https://friend.test' })).json()
        .data;
      const keptJob = await latestJob();
      await waitFor(
        async () => (await t.runtime.jobs.queue.get(keptJob.id))?.status === 'completed',
        'the first job',
      );
      expect(await visible()).toContain(kept.id);

      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/settings/guestbook',
            headers,
            payload: { hide_links: true },
          })
        ).statusCode,
      ).toBe(200);
      const { data } = (
        await sign(hostA, { name: 'Spammer', message: 'Cheap pills at https://spam.test' })
      ).json();
      const job = await latestJob();
      expect(job.site_id).toBe(siteA.id);
      expect(readJson(job.payload, null)).toEqual({ entryId: data.id });
      await waitFor(
        async () => !(await visible()).includes(data.id),
        'the moderation job to hide the entry with a link',
      );
      expect(await visible()).toContain(kept.id);
    } finally {
      await worker.stop();
    }
  });
});

describe('the plugin commands', () => {
  it('list, deactivate, activate and update', async () => {
    const restore = pointCliAt(t.database.env);
    try {
      const listed = await cli('plugin:list');
      expect(listed.code).toBe(0);
      expect(listed.out).toContain('guestbook 1.0.0  loaded  active on: a.test');
      expect(listed.out).toContain('broken 0.1.0  failed  active on: no site');
      expect(listed.out).toContain('  failed to load: cannot reach its licence server');

      const off = await cli('plugin:deactivate', 'guestbook', '--site', 'a.test');
      expect(off.out).toContain('Deactivated guestbook on a.test');
      // The command ran in another runtime; this server follows at its next cache-epoch poll.
      await pluginsOf(t.runtime).reloadActivation();
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/guestbook/entries', headers: hostA })).statusCode,
      ).toBe(404);
      expect((await cli('plugin:activate', 'guestbook', '--site', 'a.test')).out).toContain(
        'Activated guestbook on a.test',
      );
      const logged = await activityOf(t.runtime, siteA.id, 'plugin.activated');
      expect(logged.at(-1)).toMatchObject({ user_id: null, subject_type: 'plugin', subject_id: 'guestbook' });
      await pluginsOf(t.runtime).reloadActivation();
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/guestbook/entries', headers: hostA })).statusCode,
      ).toBe(200);

      const unknown = await cli('plugin:activate', 'nope', '--site', 'a.test');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('Plugin nope not found');

      const update = await cli('update');
      expect(update.code).toBe(0);
      expect(update.out).toContain('Migrations: the database is up to date.');
      expect(update.out).toContain('Caches cleared');

      const reinstall = await cli('plugin:install', guestbook);
      expect(reinstall.out).toContain('Upgraded plugin guestbook from 1.0.0 to 1.0.0');
    } finally {
      restore();
    }
  });

  it('keeps a per-site schedule on exactly the sites where the plugin is active, and runs it there', async () => {
    const prunes = async () =>
      (await t.runtime.jobs.schedules.list())
        .filter((s) => s.name === 'guestbook.prune')
        .map((s) => s.site_id);
    expect(await prunes()).toEqual([siteA.id]);
    await deactivatePlugin(t.runtime, 'guestbook', siteA);
    expect(await prunes()).toEqual([]);
    await activatePlugin(t.runtime, 'guestbook', siteA);
    expect(await prunes()).toEqual([siteA.id]);

    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const db = t.runtime.data.site(siteA.id);
    const insert = (hidden: number) =>
      db
        .insertInto(
          'guestbook_entries' as never,
          { name: 'Old', message: 'x', hidden, created_at: old } as never,
        )
        .returning('id' as never)
        .executeTakeFirstOrThrow() as Promise<{ id: number }>;
    const hidden = await insert(1);
    const shown = await insert(0);
    const id = await t.runtime.jobs.queue.enqueue('guestbook.prune', {}, { siteId: siteA.id });
    const worker = workerForRuntime(t.runtime, { pollMs: 20 });
    worker.start();
    try {
      await waitFor(
        async () => (await t.runtime.jobs.queue.get(id))?.status === 'completed',
        'the prune job',
      );
    } finally {
      await worker.stop();
    }
    const left = (await db
      .selectFrom('guestbook_entries' as never)
      .select('id' as never)
      .execute()) as Array<{
      id: number;
    }>;
    expect(left.map((r) => r.id)).toContain(shown.id);
    expect(left.map((r) => r.id)).not.toContain(hidden.id);
  });

  it('deactivation keeps the data', async () => {
    await deactivatePlugin(t.runtime, 'guestbook', siteA);
    try {
      const count = await t.runtime.data.global
        .selectFrom('guestbook_entries' as never)
        .select('id' as never)
        .execute();
      expect(count.length).toBeGreaterThan(0);
    } finally {
      await activatePlugin(t.runtime, 'guestbook', siteA);
    }
  });
});

describe('/api/plugins', () => {
  it('lists the installed plugins for Admins, and switches one on and off for their site', async () => {
    const asAdmin = { ...hostA, ...bearer(adminToken) };
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/plugins',
          headers: { ...hostA, ...bearer(editorToken) },
        })
      ).statusCode,
    ).toBe(403);
    const listed = await t.app.inject({ method: 'GET', url: '/api/plugins', headers: asAdmin });
    expect(listed.statusCode, listed.body).toBe(200);
    const byName = new Map(
      (listed.json().data as Array<{ name: string; error: string | null }>).map((plugin) => [
        plugin.name,
        plugin,
      ]),
    );
    expect(byName.get('guestbook')).toMatchObject({ version: '1.0.0', state: 'loaded', active: true });
    expect(byName.get('broken')).toMatchObject({ state: 'failed', active: false });
    expect(byName.get('broken')?.error).toContain('licence server');

    const toggle = (name: string, active: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/plugins/${name}/active`,
        headers: asAdmin,
        payload: { active },
      });
    const off = await toggle('probe', false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ name: 'probe', active: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/probe/key', headers: hostA })).statusCode).toBe(
      404,
    );
    const on = await toggle('probe', true);
    expect(on.json().data).toMatchObject({ name: 'probe', active: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/probe/key', headers: hostA })).statusCode).toBe(
      200,
    );
    expect((await toggle('nowhere', true)).statusCode).toBe(404);

    const logged = await t.runtime.data
      .site(siteA.id)
      .selectFrom('activity_log')
      .select(['action', 'subject_id'])
      .where('subject_type', '=', 'plugin')
      // The switches made through the API, by a user (the CLI's and the set-up's have no user).
      .where('user_id', 'is not', null)
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { action: 'plugin.deactivated', subject_id: 'probe' },
      { action: 'plugin.activated', subject_id: 'probe' },
    ]);
  });
});
