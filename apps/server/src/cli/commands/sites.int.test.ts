import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../test/cli-fixtures.js';
import { createTestApp, createTestDatabase, type TestContext } from '../../../test/harness.js';
import { activityOf, seedSiteWithRoles } from '../../../test/identity-fixtures.js';

/** site:create, site:list, site:disable and site:enable, run in-process against this file's database. */
let t: TestContext;
let restoreEnv: () => void;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  await seedSiteWithRoles(t.runtime, 'first-cli.test');
  restoreEnv = pointCliAt(t.database.env);
});

afterAll(async () => {
  restoreEnv();
  await t.close();
});

function siteStatus(host: string): Promise<number> {
  return t.app.inject({ url: '/api/site', headers: { host } }).then((res) => res.statusCode);
}

describe('tessera site:create', () => {
  it('creates a site with aliases and a locale, as the system', async () => {
    const { code, out, err } = await cli(
      'site:create',
      '--name',
      'Docs',
      '--domain',
      'docs-cli.test',
      '--alias',
      'www.docs-cli.test',
      '--alias',
      'manual-cli.test',
      '--locale',
      'de',
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(
      /^Created site "Docs" \(id \d+, handle docs\) on docs-cli.test, manual-cli.test, www.docs-cli.test.\n$/,
    );
    const site = await t.runtime.siteStore.findByDomain('manual-cli.test');
    expect(site).toMatchObject({ default_locale: 'de', locales: ['de'], theme: 'default', enabled: true });
    const roles = await t.runtime.data
      .site(site?.id ?? 0)
      .selectFrom('roles')
      .select('slug')
      .execute();
    expect(roles).toHaveLength(5);
    expect((await activityOf(t.runtime, site?.id ?? 0, 'site.created'))[0]).toMatchObject({ user_id: null });
    // The app's own site directory learns of the site from the cache epoch or its next lookup.
    t.runtime.sites.invalidate();
    expect(await siteStatus('www.docs-cli.test')).toBe(200);
  });

  it.each([
    [
      ['--name', 'Again', '--domain', 'DOCS-cli.test'],
      'tessera: domain: Another site already answers on docs-cli.test.\n',
    ],
    [
      ['--name', 'Bad', '--domain', 'http://x/'],
      `tessera: domain: Must be a host name such as example.com, without http:// or a path.\n`,
    ],
    [
      ['--name', 'Bad', '--domain', 'b.test', '--locale', 'english!'],
      'tessera: default_locale: Must be a language code such as en or pt-BR.\n',
    ],
  ])('exits 1 with one clear line: %j', async (flags, line) => {
    const { code, err } = await cli('site:create', ...flags);
    expect(code).toBe(1);
    expect(err).toBe(line);
  });

  it('exits 2 without the required flags', async () => {
    expect((await cli('site:create', '--name', 'No domain')).code).toBe(2);
  });
});

describe('tessera site:list, site:disable and site:enable', () => {
  it('lists every site with its status and hosts', async () => {
    const { code, out } = await cli('site:list');
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+HANDLE\s+STATUS\s+NAME\s+HOSTS$/);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(
      /^\d+\s+docs\s+enabled\s+Docs\s+docs-cli.test, manual-cli.test, www.docs-cli.test$/,
    );
  });

  it('disables a site by domain, then enables it by id', async () => {
    const site = await t.runtime.siteStore.findByDomain('docs-cli.test');
    const off = await cli('site:disable', '--site', 'manual-cli.test');
    expect(off.err).toBe('');
    expect(off.out).toBe(
      `Disabled site "Docs" (id ${site?.id}): docs-cli.test, manual-cli.test, www.docs-cli.test now answer 404; its data stays.\n`,
    );
    t.runtime.sites.invalidate();
    expect(await siteStatus('docs-cli.test')).toBe(404);
    expect((await cli('site:list')).out).toMatch(/docs\s+disabled/);

    const on = await cli('site:enable', '--site', String(site?.id));
    expect(on.code).toBe(0);
    t.runtime.sites.invalidate();
    expect(await siteStatus('docs-cli.test')).toBe(200);
    const actions = (await activityOf(t.runtime, site?.id ?? 0)).map((row) => row.action);
    expect(actions).toEqual(['site.created', 'site.disabled', 'site.enabled']);
  });

  it('names an unknown site, and refuses to disable the last enabled one', async () => {
    expect(await cli('site:disable', '--site', 'nowhere.test')).toMatchObject({
      code: 1,
      err: 'tessera: No site answers on nowhere.test.\n',
    });
    expect((await cli('site:disable', '--site', 'docs-cli.test')).code).toBe(0);
    expect(await cli('site:disable', '--site', 'first-cli.test')).toMatchObject({
      code: 1,
      err: 'tessera: The last enabled site cannot be disabled.\n',
    });
  });
});

describe('before install', () => {
  it('exits 1 telling to install first', async () => {
    const empty = await createTestDatabase();
    const back = pointCliAt(empty.env);
    try {
      const { code, err } = await cli('site:list');
      expect(code).toBe(1);
      expect(err).toBe('tessera: Tessera is not installed: run tessera install first.\n');
    } finally {
      back();
      await empty.drop();
    }
  });
});
