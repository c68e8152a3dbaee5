import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../test/cli-fixtures.js';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { installPlugins, pluginFixtures } from '../../../test/plugin-fixtures.js';
import { RolesRepo } from '../../modules/identity/roles/repo.js';
import type { Site } from '../sites/site.js';
import { activatePlugin } from './plugin-admin.js';
import { PluginRepo } from './plugin-repo.js';

const fixtures = pluginFixtures();
/** A plugin of every kind of thing: table, settings, permission, fields, a type, a scheduled job. */
const pluginOf = (name: string) => {
  const area = name.replaceAll('-', '_');
  const folder = fixtures.write(
    name,
    `export default (plugin) => {
       const t = plugin.schema;
       plugin.permissions.register('${area}.read', 'Read the tide log');
       plugin.settings.define(t.Object({ harbour: t.String({ maxLength: 40 }) }), { harbour: 'Nantucket' });
       plugin.content.addFields(['post'], [{ key: 'height', label: 'Tide height', type: 'number' }]);
       plugin.jobs.define('${area}.sweep', async () => {});
       plugin.jobs.schedule('${area}.sweep', '0 3 * * *', {}, { perSite: true });
       ${name === 'tide-log' ? "plugin.content.defineType({ slug: 'tide_chart', singular_label: 'Tide chart', plural_label: 'Tide charts' });" : ''}
     };`,
    { tessera: { plugin: name, entry: 'index.js', migrations: 'migrations' } },
  );
  mkdirSync(join(folder, 'migrations'), { recursive: true });
  writeFileSync(
    join(folder, 'migrations', '0001_entries.js'),
    `export async function up(db, engine) {
       await engine.addIdColumn(db.schema.createTable('${area}_entries'))
         .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
         .addColumn('note', 'text').execute();
     }`,
  );
  return folder;
};
// `_` is a wildcard of LIKE: tide_log's things must go, tidexlog's (same letters but one) stay.
const tideLog = pluginOf('tide-log');
const tidexlog = pluginOf('tidexlog');

let t: TestContext;
let a: ContentSite;
let site: Site;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [tideLog, tidexlog]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  site = (await t.runtime.siteStore.findById(a.siteId)) as Site;
  for (const name of ['tide-log', 'tidexlog']) await activatePlugin(t.runtime, name, site);
});
afterAll(async () => {
  await t.close();
  fixtures.remove();
});

async function tables(): Promise<string[]> {
  const db = t.runtime.database.kysely;
  const rows =
    testEngine === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name like 'tide%'`.execute(db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name like 'tide%'`.execute(
          db,
        );
  return rows.rows.map((row) => row.name).sort();
}

describe(`tessera plugin:uninstall (${testEngine})`, () => {
  it('says what it would remove, removes nothing without --yes, then leaves nothing of the plugin', async () => {
    const scoped = t.runtime.data.site(site.id);
    for (const area of ['tide_log', 'tidexlog']) {
      expect((await a.call('admin', 'PUT', `/api/settings/${area}`, { harbour: 'Salem' })).statusCode).toBe(
        200,
      );
      await scoped.insertInto(`${area}_entries` as never, { note: 'high at noon' } as never).execute();
    }
    const roles = new RolesRepo(scoped);
    const editor = (await roles.list()).find((role) => role.slug === 'editor');
    if (!editor) throw new Error('no editor role');
    const granted = await roles.permissionsOf(editor.id);
    await roles.setPermissions(editor.id, [...granted, 'tide_log.read', 'tidexlog.read']);
    const created = await a.call('editor', 'POST', '/api/posts', {
      title: 'Spring tide',
      fields: { 'tide_log.height': 4.2, 'tidexlog.height': 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json().data;
    await a.call('editor', 'POST', `/api/posts/${post.id}/publish`, {});
    const chart = await a.call('admin', 'POST', '/api/content/tide_chart', { title: 'March' });
    expect(chart.statusCode, chart.body).toBe(201);
    await t.runtime.jobs.queue.enqueue('tide_log.sweep', {}, { siteId: site.id });
    const folder = (await new PluginRepo(t.runtime.data.global).find('tide-log'))?.folder ?? '';
    expect(existsSync(folder)).toBe(true);

    const restore = pointCliAt(t.database.env);
    try {
      const asked = await cli('plugin:uninstall', 'tide-log');
      expect(asked.code).toBe(1);
      expect(asked.out).toContain('  tables: tide_log_entries\n');
      expect(asked.out).toContain('  its settings (tide_log): 1 stored value(s)\n');
      expect(asked.out).toContain('  1 grant(s) of its permissions (tide_log.*) to roles\n');
      expect(asked.out).toContain("  its fields' values (tide_log.*) in 1 entries");
      expect(asked.out).toContain("  1 content type(s) it defined become the sites' own");
      expect(asked.err).toContain('Nothing was removed: run again with --yes');
      expect(await tables()).toEqual(['tide_log_entries', 'tidexlog_entries']);

      const done = await cli('plugin:uninstall', 'tide-log', '--yes');
      expect(done.code, done.err).toBe(0);
      expect(done.out).toContain('Uninstalled tide-log');
    } finally {
      restore();
    }

    // Nothing of tide-log is left...
    expect(await tables()).toEqual(['tidexlog_entries']);
    const db = t.runtime.database.kysely;
    const left = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows.length;
    expect(await left(sql`select name from tessera_migrations where name like 'plugin.tide-log.%'`)).toBe(0);
    expect(await left(sql`select name from job_schedules where name = 'tide_log.sweep'`)).toBe(0);
    expect(await left(sql`select name from jobs where name = 'tide_log.sweep'`)).toBe(0);
    expect(await left(sql`select name from plugins where name = 'tide-log'`)).toBe(0);
    expect(await left(sql`select plugin from plugin_sites where plugin = 'tide-log'`)).toBe(0);
    expect(await left(sql`select key from site_settings where group_name = 'tide_log'`)).toBe(0);
    expect(existsSync(folder)).toBe(false);
    expect(await roles.permissionsOf(editor.id)).toEqual([...granted, 'tidexlog.read'].sort());
    const row = await scoped
      .selectFrom('entries')
      .select(['fields', 'live'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    const text = JSON.stringify(row);
    expect(text).not.toContain('tide_log.height');
    expect(text).toContain('tidexlog.height');
    const revisions = await scoped
      .selectFrom('revisions')
      .select('state')
      .where('entry_id', '=', post.id)
      .execute();
    expect(JSON.stringify(revisions)).not.toContain('tide_log.height');
    // ...but what people wrote: its type is the site's own now, with its entry.
    const type = await scoped
      .selectFrom('content_types')
      .select(['owner'])
      .where('slug', '=', 'tide_chart')
      .executeTakeFirstOrThrow();
    expect(type.owner).toBeNull();
    // ...and the other plugin is whole.
    expect(await left(sql`select key from site_settings where group_name = 'tidexlog'`)).toBe(1);
    expect(await left(sql`select name from job_schedules where name = 'tidexlog.sweep'`)).toBe(1);
  });

  it('refuses a plugin it does not know, and one another installed plugin requires', async () => {
    const restore = pointCliAt(t.database.env);
    try {
      const unknown = await cli('plugin:uninstall', 'nowhere', '--yes');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('Plugin nowhere not found');
      const alerts = fixtures.write('tide-alerts', 'export default () => {};', {
        tessera: { plugin: 'tide-alerts', entry: 'index.js', requires: { tidexlog: '*' } },
      });
      await installPlugins(t.runtime, [alerts]);
      const needed = await cli('plugin:uninstall', 'tidexlog', '--yes');
      expect(needed.code).toBe(1);
      expect(needed.err).toContain('tidexlog is required by tide-alerts: uninstall them first.');
      expect(await tables()).toContain('tidexlog_entries');
    } finally {
      restore();
    }
  });
});
