import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import {
  activityOf,
  bearer,
  seedSiteWithRoles,
  seedToken,
  seedUser,
} from '../../../test/identity-fixtures.js';
import { settingsOf } from './service.js';

let t: TestContext;
let siteId: number;
let adminToken: string;
let editorToken: string;
let otherToken: string;
const host = 'settings.test';
const otherHost = 'other-settings.test';

const MailingList = Type.Object({
  provider: Type.String({ maxLength: 50 }),
  api_key: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
});

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  const main = await seedSiteWithRoles(t.runtime, host);
  siteId = main.siteId;
  adminToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteId, main.roles, { email: 'admin@settings.test', role: 'admin' }),
  );
  editorToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteId, main.roles, { email: 'editor@settings.test', role: 'editor' }),
  );
  const other = await seedSiteWithRoles(t.runtime, otherHost);
  otherToken = await seedToken(
    t.runtime,
    await seedUser(t.runtime, other.siteId, other.roles, { email: 'admin@other.test', role: 'admin' }),
  );
  // As a plugin would, after the server started: the API serves it without further wiring.
  t.runtime.settings.register(
    'mailinglist',
    MailingList,
    { provider: 'none', api_key: null },
    { owner: 'mailinglist', secrets: ['api_key'] },
  );
});
afterAll(() => t.close());

function call(method: 'GET' | 'PUT', url: string, payload?: unknown, token = adminToken, onHost = host) {
  return t.app.inject({
    method,
    url,
    headers: {
      host: onHost,
      ...bearer(token),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    payload: payload as string | Record<string, unknown> | undefined,
  });
}

async function storedRows() {
  return t.runtime.data.site(siteId).selectFrom('site_settings').selectAll().orderBy('key').execute();
}

describe('GET /api/settings', () => {
  it('gives every group with its defaults, the general ones from the site', async () => {
    const res = await call('GET', '/api/settings');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'accounts',
      'analytics',
      'design',
      'discussion',
      'editing',
      'general',
      'mailinglist',
      'mcp',
      'media',
      'newsletter',
      'plugins',
      'reading',
      'revisions',
      'webhooks',
    ]);
    expect(data.general).toEqual({
      title: `Site ${host}`,
      tagline: '',
      time_zone: 'UTC',
      date_format: 'd MMMM yyyy',
      time_format: 'HH:mm',
      default_locale: 'en',
      enabled_locales: ['en'],
    });
    expect(data.reading).toMatchObject({ posts_per_page: 10, show_on_front: 'posts' });
    expect(data.media.max_image_bytes).toBe(20 * 1024 * 1024);
    expect(data.revisions).toEqual({ revisions_to_keep: 25 });
    expect(data.plugins).toEqual({ allow_private_addresses: false });
    expect(data.mailinglist).toEqual({ provider: 'none', api_key: { set: false } });
  });

  it('needs settings.view: 403 for an Editor, 401 without credentials, 404 for an unknown group', async () => {
    expect((await call('GET', '/api/settings', undefined, editorToken)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/settings', headers: { host } })).statusCode).toBe(401);
    const unknown = await call('GET', '/api/settings/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('settings_group_not_found');
    expect((await call('PUT', '/api/settings/nope', { a: 1 })).statusCode).toBe(404);
    expect((await call('GET', '/api/settings/constructor')).statusCode).toBe(404);
  });
});

describe('PUT /api/settings/{group}', () => {
  it('merges the keys given, keeps the others, and records the change', async () => {
    const res = await call('PUT', '/api/settings/general', { time_zone: 'Europe/Lisbon', tagline: 'Notes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      time_zone: 'Europe/Lisbon',
      tagline: 'Notes',
      title: `Site ${host}`,
    });
    expect((await call('GET', '/api/settings/general')).json().data.time_zone).toBe('Europe/Lisbon');
    const [entry] = await activityOf(t.runtime, siteId, 'settings.updated');
    expect(entry?.details).toEqual({
      group: 'general',
      changes: { time_zone: ['UTC', 'Europe/Lisbon'], tagline: ['', 'Notes'] },
    });
    expect((await call('PUT', '/api/settings/general', {}, editorToken)).statusCode).toBe(403);
  });

  it('answers 422 per setting for unknown keys and bad values, and writes nothing', async () => {
    const before = await storedRows();
    const res = await call(
      'PUT',
      '/api/settings/general',
      '{"time_zone":"Mars/Olympus","tagline":5,"colour":"red","constructor":1,"title":"ok"}',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'general.tagline': ['Must be of type string.'],
      'general.colour': ['Unknown setting.'],
      'general.constructor': ['Unknown setting.'],
    });
    // Checks beyond the schema run once the schema passes.
    const zone = await call('PUT', '/api/settings/general', { time_zone: 'Mars/Olympus', title: 'ok' });
    expect(zone.json().errors).toEqual({
      'general.time_zone': ['Must be an IANA time zone such as Europe/Lisbon or UTC.'],
    });
    const bytes = await call('PUT', '/api/settings/media', {
      allowed_types: ['image/png', 'nope'],
      max_video_bytes: -1,
    });
    expect(bytes.json().errors).toEqual({
      'media.allowed_types.1': ['Has an invalid format.'],
      'media.max_video_bytes': ['Must be at least 1.'],
    });
    const front = await call('PUT', '/api/settings/reading', { show_on_front: 'page' });
    expect(front.json().errors).toEqual({
      'reading.front_page_id': ['Is required when show_on_front is page.'],
    });
    expect((await call('PUT', '/api/settings/reading', [1, 2])).statusCode).toBe(422);
    expect(await storedRows()).toEqual(before);
  });

  it('merges an object setting property by property: one design colour changes, the others stay', async () => {
    const dark = await call('PUT', '/api/settings/design', {
      colors: { primary: '#0b3d91', text: '#111111' },
    });
    expect(dark.statusCode, dark.body).toBe(200);
    const one = await call('PUT', '/api/settings/design', { colors: { primary: '#aa3300' } });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.colors).toMatchObject({ primary: '#aa3300', text: '#111111' });
    const bad = await call('PUT', '/api/settings/design', { colors: { primary: 'red;}', nope: '#fff' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['design.colors.nope', 'design.colors.primary']);
    expect((await call('GET', '/api/settings/design')).json().data.colors.primary).toBe('#aa3300');
  });

  it('writes the general locales through to the site itself', async () => {
    const bad = await call('PUT', '/api/settings/general', { default_locale: 'fr' });
    expect(bad.json().errors).toEqual({ 'general.default_locale': ['Must be one of the enabled locales.'] });
    const res = await call('PUT', '/api/settings/general', {
      enabled_locales: ['en', 'pt-BR'],
      default_locale: 'pt-BR',
    });
    expect(res.statusCode).toBe(200);
    const site = await t.app.inject({ url: '/api/site', headers: { host } });
    expect(site.json().data).toMatchObject({ default_locale: 'pt-BR', locales: ['en', 'pt-BR'] });
    expect((await t.runtime.siteStore.findById(siteId))?.default_locale).toBe('pt-BR');
  });

  it('keeps each site’s settings apart', async () => {
    const other = await call('GET', '/api/settings/general', undefined, otherToken, otherHost);
    expect(other.json().data).toMatchObject({ time_zone: 'UTC', tagline: '', default_locale: 'en' });
    // The other site's admin cannot reach this site's settings: the token works on its own site only.
    expect((await call('GET', '/api/settings', undefined, otherToken)).statusCode).toBe(401);
  });
});

describe('PUT /api/settings', () => {
  it('applies several groups together, or none when one fails', async () => {
    const failed = await call('PUT', '/api/settings', {
      reading: { posts_per_page: 5 },
      media: { max_image_bytes: 0 },
      gallery: { x: 1 },
    });
    expect(failed.statusCode).toBe(422);
    expect(Object.keys(failed.json().errors).sort()).toEqual(['gallery', 'media.max_image_bytes']);
    expect((await call('GET', '/api/settings/reading')).json().data.posts_per_page).toBe(10);

    const res = await call('PUT', '/api/settings', {
      reading: { posts_per_page: 5 },
      discussion: { comments_enabled: false, moderation: 'unknown_authors' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reading.posts_per_page).toBe(5);
    expect(res.json().data.discussion).toMatchObject({
      comments_enabled: false,
      moderation: 'unknown_authors',
    });
    const site = await t.runtime.siteStore.findById(siteId);
    if (!site) throw new Error('no site');
    const reading = await settingsOf(t.runtime, site, 'reading');
    expect(reading.posts_per_page).toBe(5);
  });
});

describe('secret settings', () => {
  it('are write-only: stored sealed, answered as { set }, redacted in the activity log', async () => {
    const secret = 'sk-live-0123456789';
    const res = await call('PUT', '/api/settings/mailinglist', { provider: 'mailer', api_key: secret });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ provider: 'mailer', api_key: { set: true } });
    expect((await call('GET', '/api/settings')).body).not.toContain(secret);
    const row = (await storedRows()).find((r) => r.key === 'api_key');
    expect(row?.value).toMatch(/^"sb1:/);
    expect(row?.value).not.toContain(secret);
    const logged = (await activityOf(t.runtime, siteId, 'settings.updated')).at(-1);
    expect(logged?.details).toEqual({
      group: 'mailinglist',
      changes: { provider: ['none', 'mailer'], api_key: [null, '[redacted]'] },
    });
    expect(JSON.stringify(logged)).not.toContain(secret);

    const site = await t.runtime.siteStore.findById(siteId);
    if (!site) throw new Error('no site');
    const read = (await settingsOf(t.runtime, site, 'mailinglist' as 'general')) as unknown as Record<
      string,
      unknown
    >;
    expect(read.api_key).toBe(secret);

    const cleared = await call('PUT', '/api/settings/mailinglist', { api_key: null });
    expect(cleared.json().data.api_key).toEqual({ set: false });
    expect((await storedRows()).find((r) => r.key === 'api_key')).toBeUndefined();
  });
});
