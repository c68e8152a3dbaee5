import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../test/cli-fixtures.js';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/harness.js';
import { readCacheEpoch, watchCacheEpoch } from '../core/cache/cache-epoch.js';

const PASSWORD = 'correct horse battery staple';
const installFlags = [
  '--site-name',
  'CLI Site',
  '--domain',
  'cli.test',
  '--admin-email',
  'cli@example.test',
  '--admin-password',
  PASSWORD,
];

let t: TestContext;
let restoreEnv: () => void;

beforeAll(async () => {
  t = await createTestApp();
  restoreEnv = pointCliAt(t.database.env, { PORT: '', TESSERA_ADMIN_EMAIL: '', TESSERA_ADMIN_PASSWORD: '' });
});

afterAll(async () => {
  restoreEnv();
  await t.close();
});

describe('tessera command line', () => {
  it('--help lists the commands and exits 0', async () => {
    const { code, out } = await cli('--help');
    expect(code).toBe(0);
    expect(out).toContain('install');
    expect(out).toContain('cache:clear');
  });

  it('install --help shows its flags and exits 0', async () => {
    const { code, out } = await cli('install', '--help');
    expect(code).toBe(0);
    expect(out).toContain('--site-name <name>');
    expect(out).toContain('--admin-password <password>');
  });

  it('an unknown command exits 2 with usage on stderr', async () => {
    const { code, err } = await cli('frobnicate');
    expect(code).toBe(2);
    expect(err).toContain("unknown command 'frobnicate'");
    expect(err).toContain('tessera --help');
  });

  it('a missing required flag exits 2', async () => {
    const { code, err } = await cli(
      'install',
      '--site-name',
      'X',
      '--domain',
      'x.test',
      '--admin-email',
      'a@x.test',
    );
    expect(code).toBe(2);
    expect(err).toContain('--admin-password');
  });

  it('a bad value exits 1 with one line naming the field', async () => {
    const { code, err } = await cli('install', ...installFlags.slice(0, -1), 'short');
    expect(code).toBe(1);
    expect(err).toBe('tessera: admin_password: Must be at least 10 characters.\n');
  });

  it('install installs and exits 0', async () => {
    const { code, out, err } = await cli('install', ...installFlags);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('Installed Tessera: site "CLI Site"');
    expect(out).toContain('cli@example.test');
  });

  it('install on an installed database exits 1 with exactly one line and no stack', async () => {
    const { code, err } = await cli('install', ...installFlags);
    expect(code).toBe(1);
    expect(err).toBe('tessera: Tessera is already installed.\n');
  });

  it('--verbose adds the stack', async () => {
    const { code, err } = await cli('install', ...installFlags, '--verbose');
    expect(code).toBe(1);
    const lines = err.trimEnd().split('\n');
    expect(lines[0]).toBe('tessera: Tessera is already installed.');
    expect(lines.length).toBeGreaterThan(2);
    expect(err).toMatch(/\n\s+at /);
  });

  it('migrate --status lists the migrations', async () => {
    const { code, out } = await cli('migrate', '--status');
    expect(code).toBe(0);
    expect(out).toMatch(/^applied {2}0001_sites/m);
    expect(out).toMatch(/^applied {2}0006_cache_epoch/m);
    expect(out).toMatch(/ 0 pending\n$/);
  });

  it('a bad environment value exits 1 with one line naming the variable', async () => {
    process.env.PORT = 'abc';
    try {
      const { code, err } = await cli('migrate', '--status');
      expect(code).toBe(1);
      expect(err.trimEnd().split('\n')).toHaveLength(1);
      expect(err).toContain('PORT');
    } finally {
      process.env.PORT = '';
    }
  });
});

describe('tessera cache:clear', () => {
  async function siteStatus(host: string): Promise<number> {
    return (await t.app.inject({ url: '/api/site', headers: { host } })).statusCode;
  }

  async function eventually(check: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }

  it("clears a running app's caches from another process, without waiting for their TTL", async () => {
    await watchCacheEpoch(t.runtime, { intervalMs: 50 });
    // The CLI installed this site in another runtime; the app has not looked the host up yet.
    expect(await siteStatus('cli.test')).toBe(200);
    expect(await siteStatus('renamed.test')).toBe(404);
    await t.runtime.data.global
      .updateTable('site_domains')
      .set({ domain: 'renamed.test' })
      .where('domain', '=', 'cli.test')
      .execute();
    // Both answers are cached for 30 seconds.
    expect(await siteStatus('renamed.test')).toBe(404);
    expect(await siteStatus('cli.test')).toBe(200);

    const pageCache = join(t.database.dataDir, 'cache');
    mkdirSync(pageCache, { recursive: true });
    writeFileSync(join(pageCache, 'index.html'), '<p>stale</p>');
    // Earlier commands that changed data moved the epoch on already (context.ts, withRuntime).
    const before = await readCacheEpoch(t.runtime.data.global);
    const { code, out } = await cli('cache:clear');
    expect(code).toBe(0);
    expect(out).toContain(`cache epoch is now ${before + 1}`);
    expect(out).toContain(`Page cache: removed ${pageCache}.`);

    expect(await eventually(async () => (await siteStatus('renamed.test')) === 200)).toBe(true);
    expect(await siteStatus('cli.test')).toBe(404);

    const again = await cli('cache:clear');
    expect(again.out).toContain(`cache epoch is now ${before + 2}`);
    expect(again.out).toContain('Page cache: nothing at');
  });
});

describe('tessera serve as a real process', () => {
  const bin = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
  const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

  function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        server.close(() => resolve(port));
      });
    });
  }

  function exitOf(child: ChildProcess): Promise<number | null> {
    return new Promise((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', (code) => resolve(code));
    });
  }

  it('installs from TESSERA_ADMIN_*, serves GET /api/site and exits 0 on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [bin, 'serve'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        LOG_PRETTY: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.env.DATABASE_URL ?? '',
        SECRET_KEY: database.env.SECRET_KEY ?? '',
        REDIS_URL: '',
        TESSERA_ADMIN_EMAIL: 'ops@example.test',
        TESSERA_ADMIN_PASSWORD: PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = exitOf(child);
    try {
      const deadline = Date.now() + 60_000;
      let healthy = false;
      while (!healthy && Date.now() < deadline && child.exitCode === null) {
        healthy = await fetch(`${base}/healthz`).then(
          (res) => res.ok,
          () => false,
        );
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(healthy, output).toBe(true);
      expect(output).toContain(`Tessera is installed: sign in at ${base}/admin as ops@example.test.`);

      // fetch sends Host 127.0.0.1:<port>; the site answers on 127.0.0.1, the PUBLIC_URL's host.
      const site = await fetch(`${base}/api/site`);
      expect(site.status).toBe(200);
      expect(await site.json()).toMatchObject({
        data: { name: 'Tessera', primary_domain: '127.0.0.1' },
        meta: {},
      });

      child.kill('SIGTERM');
      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 10_000)),
      ]);
      expect(code, output).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      await database.drop();
    }
  });
});
