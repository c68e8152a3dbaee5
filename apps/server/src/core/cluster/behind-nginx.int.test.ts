import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { freePort } from '../../../test/fixtures/ports.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { PASSWORD, seedSiteWithRoles, seedUser } from '../../../test/identity-fixtures.js';

// Two `tessera serve` instances on one PostgreSQL database, one Redis and one media folder, behind
// nginx with the repository's own configuration (deploy/nginx/tessera.conf), as docs/operations.md
// tells an operator to run them. Several instances need PostgreSQL; nginx is Debian's package, which
// CI installs (.ci/run): without it the test skips locally and fails in CI.
const bin = fileURLToPath(new URL('../../../bin/tessera.js', import.meta.url));
const conf = fileURLToPath(new URL('../../../../../deploy/nginx/tessera.conf', import.meta.url));
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (path) => spawnSync(path, ['-v']).status === 0,
);
const HOST = 'harbour.test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const run = testEngine === 'postgres' && (nginxBinary !== undefined || Boolean(process.env.CI));

let t: TestContext;
const children: ChildProcess[] = [];
let proxyPort = 0;
let output = '';

function start(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  children.push(child);
  return child;
}

/** A request through nginx, which hands each request to the next instance in turn. */
async function viaProxy(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`http://127.0.0.1:${proxyPort}${path}`, {
    ...init,
    headers: { host: HOST, ...(init.headers ?? {}) },
  });
}

beforeAll(async () => {
  if (!run) return;
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx-light)');
  t = await createTestApp();
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, HOST);
  await seedUser(t.runtime, siteId, roles, { email: 'editor@harbour.test', role: 'admin' });
  const ports = [await freePort(), await freePort()];
  proxyPort = await freePort();
  for (const [i, port] of ports.entries())
    start(process.execPath, [bin, 'serve'], {
      ...process.env,
      ...t.database.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      REDIS_URL: redisUrl,
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: `http://${HOST}`,
      RATE_LIMIT_GENERAL: '100000',
      RATE_LIMIT_UPLOAD: '100000',
      // One instance runs the jobs (image variants); the other only serves.
      JOBS_IN_PROCESS: i === 0 ? 'true' : 'false',
      JOBS_POLL_MS: '50',
    });
  // The repository's configuration, its instances and port swapped for this test's.
  const dir = join(t.database.dataDir, 'nginx');
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const site = readFileSync(conf, 'utf8')
    .replace('127.0.0.1:3001', `127.0.0.1:${ports[0]}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${ports[1]}`)
    .replace('listen 80;', `listen 127.0.0.1:${proxyPort};`);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; master_process off; user root; pid ${dir}/nginx.pid; error_log ${dir}/logs/error.log warn;
     events { worker_connections 256; }
     http { access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
       fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
       ${site} }`,
  );
  for (const port of ports)
    await waitFor(
      async () => {
        if (children.some((child) => child.exitCode !== null))
          throw new Error(`an instance exited:\n${output}`);
        return (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200;
      },
      'both instances to be ready',
      60_000,
    );
  start(nginxBinary, ['-p', dir, '-c', join(dir, 'nginx.conf')], process.env);
  await waitFor(
    async () => (await viaProxy('/healthz').catch(() => null))?.status === 200,
    'nginx to answer',
    20_000,
  );
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await t?.close();
});

describe.skipIf(!run)(`two instances behind nginx (${testEngine})`, () => {
  let cookie = '';
  let csrf = '';
  const signedIn = (extra: Record<string, string> = {}) => ({ cookie, 'x-csrf-token': csrf, ...extra });

  it('signs in through the proxy, the session good on both instances', async () => {
    const login = await viaProxy('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'editor@harbour.test', password: PASSWORD }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    csrf = (await login.json()).data.csrf_token;
    // Round robin: six requests reach each instance three times.
    for (let i = 0; i < 6; i++) expect((await viaProxy('/api/me', { headers: signedIn() })).status).toBe(200);
  });

  it('shows an edited page from either instance at once, after both had cached it', async () => {
    const json = { 'content-type': 'application/json' };
    const made = await viaProxy('/api/pages', {
      method: 'POST',
      headers: signedIn(json),
      body: JSON.stringify({ title: 'Ferry times' }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const page = (await made.json()).data;
    await viaProxy(`/api/pages/${page.id}/publish`, { method: 'POST', headers: signedIn(json), body: '{}' });
    for (let i = 0; i < 4; i++)
      expect(await (await viaProxy('/ferry-times')).text()).toContain('<h1>Ferry times</h1>');
    const edited = await viaProxy(`/api/pages/${page.id}`, {
      method: 'PUT',
      headers: signedIn(json),
      body: JSON.stringify({ title: 'Ferry timetable', version: page.version }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    await viaProxy(`/api/pages/${page.id}/publish`, { method: 'POST', headers: signedIn(json), body: '{}' });
    for (let i = 0; i < 4; i++)
      expect(await (await viaProxy('/ferry-times')).text()).toContain('<h1>Ferry timetable</h1>');
  });

  it('takes an upload through the proxy and serves the file from both instances', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'harbour.png');
    form.append('alt_text', 'The harbour');
    const uploaded = await viaProxy('/api/media/upload', { method: 'POST', headers: signedIn(), body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const url = new URL((await uploaded.json()).data.url, `http://${HOST}`);
    for (let i = 0; i < 4; i++) {
      const file = await viaProxy(url.pathname);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toMatch(/^image\//);
    }
  });
});
