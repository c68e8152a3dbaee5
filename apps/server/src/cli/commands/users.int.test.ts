import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../test/cli-fixtures.js';
import { createTestApp, createTestDatabase, type TestContext } from '../../../test/harness.js';
import { activityOf, bearer, seedSiteWithRoles, seedUser } from '../../../test/identity-fixtures.js';
import { UsersRepo } from '../../modules/identity/users/repo.js';
import { parseDuration } from './users.js';

/** user:create and token:create, run in-process against this file's database. */
let t: TestContext;
let siteId: number;
let restoreEnv: () => void;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  ({ siteId } = await seedSiteWithRoles(t.runtime, 'cli-users.test'));
  await seedSiteWithRoles(t.runtime, 'second-cli.test');
  restoreEnv = pointCliAt(t.database.env, { TESSERA_USER_PASSWORD: '' });
});

afterAll(async () => {
  restoreEnv();
  await t.close();
});

describe('tessera user:create', () => {
  it('creates a user on the default site as the system', async () => {
    const { code, out, err } = await cli(
      'user:create',
      '--email',
      'ops@cli.test',
      '--name',
      'Ops',
      '--role',
      'editor',
      '--password',
      'a fine long passphrase',
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^Created user ops@cli.test \(id \d+\) with role editor on cli-users.test.\n$/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'cli-users.test' },
      payload: { email: 'ops@cli.test', password: 'a fine long passphrase' },
    });
    expect(res.json().data.user.role.slug).toBe('editor');
    expect((await activityOf(t.runtime, siteId, 'user.created')).at(-1)).toMatchObject({
      user_id: null,
      details: { role: 'editor' },
    });
  });

  it('reads the password from TESSERA_USER_PASSWORD and takes --site', async () => {
    process.env.TESSERA_USER_PASSWORD = 'another long passphrase';
    try {
      const { code, out } = await cli(
        'user:create',
        '--email',
        'env@cli.test',
        '--name',
        'Env',
        '--role',
        'author',
        '--site',
        'second-cli.test',
      );
      expect(code).toBe(0);
      expect(out).toContain('on second-cli.test');
    } finally {
      process.env.TESSERA_USER_PASSWORD = '';
    }
    expect(await new UsersRepo(t.runtime.data.global).findByEmail('env@cli.test')).toBeDefined();
  });

  it('reads TESSERA_USER_PASSWORD from a .env file in the working directory', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tessera-dotenv-'));
    writeFileSync(join(folder, '.env'), 'TESSERA_USER_PASSWORD=a passphrase from dotenv\n');
    const cwd = process.cwd();
    // Unset rather than empty: an empty variable in the environment would win over the file.
    delete process.env.TESSERA_USER_PASSWORD;
    process.chdir(folder);
    try {
      const { code, err } = await cli(
        'user:create',
        '--email',
        'dotenv@cli.test',
        '--name',
        'Dotenv',
        '--role',
        'author',
      );
      expect(err).toBe('');
      expect(code).toBe(0);
    } finally {
      process.chdir(cwd);
      process.env.TESSERA_USER_PASSWORD = '';
      rmSync(folder, { recursive: true, force: true });
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'cli-users.test' },
      payload: { email: 'dotenv@cli.test', password: 'a passphrase from dotenv' },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [['--role', 'author'], 'tessera: No password: pass --password or set TESSERA_USER_PASSWORD.\n'],
    [
      ['--role', 'wizard', '--password', 'a fine long passphrase'],
      'tessera: role: There is no role "wizard" on this site.\n',
    ],
    [['--role', 'author', '--password', 'short'], 'tessera: password: Must be at least 10 characters.\n'],
    [
      ['--role', 'author', '--password', 'a fine long passphrase', '--site', 'nowhere.test'],
      'tessera: No site answers on nowhere.test.\n',
    ],
  ])('exits 1 with one clear line: %j', async (flags, line) => {
    const { code, err } = await cli('user:create', '--email', 'bad@cli.test', '--name', 'Bad', ...flags);
    expect(code).toBe(1);
    expect(err).toBe(line);
  });

  it('refuses a taken email', async () => {
    const { code, err } = await cli(
      'user:create',
      '--email',
      'OPS@cli.test',
      '--name',
      'Ops',
      '--role',
      'editor',
      '--password',
      'a fine long passphrase',
    );
    expect(code).toBe(1);
    expect(err).toBe('tessera: email: Is already taken.\n');
  });
});

describe('tessera token:create', () => {
  it('prints only the token, which then authenticates as the user', async () => {
    const { siteId: thirdId, roles } = await seedSiteWithRoles(t.runtime, 'third-cli.test');
    const userId = await seedUser(t.runtime, thirdId, roles, { email: 'bot@cli.test', role: 'author' });
    const { code, out, err } = await cli(
      'token:create',
      '--email',
      'bot@cli.test',
      '--name',
      'deploy',
      '--expires-in',
      '30d',
      '--site',
      'third-cli.test',
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^tsr_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}\n$/);
    const me = await t.app.inject({
      url: '/api/me',
      headers: { host: 'third-cli.test', ...bearer(out.trim()) },
    });
    expect(me.json().data.id).toBe(userId);
    const created = (await activityOf(t.runtime, thirdId, 'token.created')).at(-1);
    expect(created).toMatchObject({ user_id: null, details: { owner_id: userId, name: 'deploy' } });
    const days = (Date.parse(String(created?.details.expires_at)) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('binds the token to its site, unless --installation-wide makes a Super Admin one', async () => {
    const { siteId: fourthId, roles } = await seedSiteWithRoles(t.runtime, 'fourth-cli.test');
    await seedUser(t.runtime, fourthId, roles, { email: 'root@fourth-cli.test', role: 'super_admin' });
    await seedUser(t.runtime, fourthId, roles, { email: 'writer@fourth-cli.test', role: 'author' });
    const bound = await cli(
      'token:create',
      '--email',
      'root@fourth-cli.test',
      '--name',
      'x',
      '--site',
      'fourth-cli.test',
    );
    const wide = await cli(
      'token:create',
      '--email',
      'root@fourth-cli.test',
      '--name',
      'y',
      '--installation-wide',
    );
    expect(wide.err).toBe('');
    const me = (token: string, host: string) =>
      t.app.inject({ url: '/api/me', headers: { host, ...bearer(token.trim()) } });
    expect((await me(bound.out, 'fourth-cli.test')).statusCode).toBe(200);
    expect((await me(bound.out, 'cli-users.test')).statusCode).toBe(401);
    expect((await me(wide.out, 'fourth-cli.test')).statusCode).toBe(200);
    expect((await me(wide.out, 'cli-users.test')).statusCode).toBe(200);

    const refused = await cli(
      'token:create',
      '--email',
      'writer@fourth-cli.test',
      '--name',
      'z',
      '--site',
      'fourth-cli.test',
      '--installation-wide',
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Only a Super Admin');
  });

  it('names an unknown user, and refuses a bad duration as usage', async () => {
    const unknown = await cli('token:create', '--email', 'nobody@cli.test', '--name', 'x');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe('tessera: email: No user has this email.\n');
    expect(
      (await cli('token:create', '--email', 'ops@cli.test', '--name', 'x', '--expires-in', 'soon')).code,
    ).toBe(2);
  });

  it('parses durations in days and hours', () => {
    expect(parseDuration('30d')).toBe(30 * 86_400_000);
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(() => parseDuration('0d')).toThrow();
    expect(() => parseDuration('3w')).toThrow();
  });
});

describe('before install', () => {
  it('exits 1 telling to install first', async () => {
    const empty = await createTestDatabase();
    const back = pointCliAt(empty.env);
    try {
      const { code, err } = await cli(
        'user:create',
        '--email',
        'x@cli.test',
        '--name',
        'X',
        '--role',
        'admin',
        '--password',
        'a fine long passphrase',
      );
      expect(code).toBe(1);
      expect(err).toBe('tessera: Tessera is not installed: run tessera install first.\n');
    } finally {
      back();
      await empty.drop();
    }
  });
});
