import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { bearer, seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';
import { activatePlugin, installPlugin } from '../../core/plugins/plugin-admin.js';
import { allMigrationSources } from '../../lifecycle.js';

const mailinglist = fileURLToPath(new URL('./fixtures/mailinglist', import.meta.url));

let t: TestContext;
let adminToken: string;
let editorToken: string;
const host = 'schemas.test';

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000' },
    {
      beforeSetup: async (runtime) => {
        await installPlugin(runtime, mailinglist, await allMigrationSources(runtime));
      },
    },
  );
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, host);
  const tokenOf = async (role: string) =>
    seedToken(t.runtime, await seedUser(t.runtime, siteId, roles, { email: `${role}@schemas.test`, role }));
  adminToken = await tokenOf('admin');
  editorToken = await tokenOf('editor');
  const site = await t.runtime.siteStore.findById(siteId);
  if (!site) throw new Error('site missing');
  await activatePlugin(t.runtime, 'mailinglist', site);
});

afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: { host, ...(token ? bearer(token) : {}) } });

describe('GET /api/settings/schemas', () => {
  it('needs settings.view: 403 for an Editor, 401 without credentials', async () => {
    expect((await get('/api/settings/schemas', editorToken)).statusCode).toBe(403);
    expect((await get('/api/settings/schemas')).statusCode).toBe(401);
  });

  it('describes every group GET /api/settings lists, by the same names', async () => {
    const schemas = (await get('/api/settings/schemas', adminToken)).json().data;
    const values = (await get('/api/settings', adminToken)).json().data;
    expect(Object.keys(schemas).sort()).toEqual(Object.keys(values).sort());
    for (const [name, group] of Object.entries(schemas as Record<string, { schema: { properties: object } }>))
      expect(Object.keys(group.schema.properties).sort(), name).toEqual(Object.keys(values[name]).sort());
  });

  it("gives a core group's types, bounds, choices, input hints, secrets and guarded keys", async () => {
    const { general, reading, media, webhooks, design } = (
      await get('/api/settings/schemas', adminToken)
    ).json().data;
    expect(general).toMatchObject({ owner: 'core', title: 'General' });
    expect(general.description).toContain('time zone');
    expect(general.schema.properties.title).toMatchObject({
      type: 'string',
      maxLength: 200,
      title: 'Site title',
    });
    expect(general.schema.properties.time_zone['x-input']).toBe('timeZone');
    expect(general.schema.properties.enabled_locales).toMatchObject({ type: 'array', maxItems: 100 });
    expect(reading.schema.properties.posts_per_page).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    expect(
      reading.schema.properties.show_on_front.anyOf.map((each: { const: string }) => each.const),
    ).toEqual(['posts', 'page']);
    expect(media.schema.properties.max_image_bytes['x-input']).toBe('megabytes');
    expect(media.schema.properties.orphans.properties.min_age_days).toMatchObject({
      minimum: 1,
      maximum: 3650,
    });
    expect(media.secrets).toEqual(['unsplash_access_key', 'pexels_api_key']);
    expect(media.guarded).toEqual({ allow_private_sources: 'sites.manage' });
    expect(webhooks.guarded).toEqual({ allow_private_targets: 'sites.manage' });
    expect(design.guarded.colors).toBe('patterns.manage');
  });

  it("gives an active plugin's group with its author's titles and descriptions", async () => {
    const { mailinglist: group } = (await get('/api/settings/schemas', adminToken)).json().data;
    expect(group).toMatchObject({
      owner: 'mailinglist',
      title: 'Mailing list',
      description: 'Where the mailing list is sent from',
      secrets: ['api_key'],
      guarded: {},
    });
    expect(group.schema.properties.provider.anyOf).toEqual([
      { const: 'none', type: 'string', title: 'No provider' },
      { const: 'mailer', type: 'string', title: 'Mailer' },
    ]);
    expect(group.schema.properties.send_hour).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 23,
      title: 'Sending hour',
      description: "In the site's time zone",
    });
    expect(group.schema.properties.footer['x-input']).toBe('multiline');
  });
});
