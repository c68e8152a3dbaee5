import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { freePort } from '../../../test/fixtures/ports.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';

const bin = fileURLToPath(new URL('../../../bin/tessera.js', import.meta.url));
const HOST = 'cluster.test';

let t: TestContext;
let server: ChildProcess;
let port = 0;
let output = '';

/** One request on a connection of its own, so the kernel may hand it to either worker. */
function call(method: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { host: HOST, connection: 'close', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function workerPids(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(server.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

let userToken = '';

beforeAll(async () => {
  t = await createTestApp();
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, HOST);
  const admin = await seedUser(t.runtime, siteId, roles, { email: 'admin@cluster.test', role: 'admin' });
  userToken = await seedToken(t.runtime, admin);
  port = await freePort();
  server = spawn(process.execPath, [bin, 'serve'], {
    env: {
      ...process.env,
      ...t.database.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_CONCURRENCY: '2',
      RATE_LIMIT_GENERAL: '10',
      TRUST_PROXY: 'loopback',
      JOBS_POLL_MS: '50',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitFor(
    () => {
      if (server.exitCode !== null) throw new Error(`tessera serve exited early:\n${output}`);
      return output.includes('with 2 worker processes') && workerPids().length === 2;
    },
    'the clustered server to listen',
    60_000,
  ).catch((error: Error) => {
    // Timed out once in a full local run (not since): say what there was to see.
    throw new Error(
      `${error.message}; child processes ${workerPids().join(', ') || 'none'}; output:\n${output}`,
    );
  });
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await t.close();
});

describe(`tessera serve with WEB_CONCURRENCY=2 (${testEngine})`, () => {
  it('keeps a client to its budget across workers: 10 a minute is 10, not 10 per worker', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 16; i += 1)
      statuses.push(await call('GET', '/api/site', { 'x-forwarded-for': '203.0.113.1' }));
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
  });

  it('forgets a revoked token in every worker at once', async () => {
    const auth = { authorization: `Bearer ${userToken}`, 'x-forwarded-for': '203.0.113.2' };
    // Both workers learn the token.
    for (let i = 0; i < 4; i += 1) expect(await call('GET', '/api/me', auth)).toBe(200);
    const revoked = await t.runtime.data.global.selectFrom('api_tokens').select('id').execute();
    const id = revoked[0]?.id;
    expect(await call('DELETE', `/api/me/tokens/${id}`, auth)).toBe(204);
    const after: number[] = [];
    for (let i = 0; i < 4; i += 1)
      after.push(await call('GET', '/api/me', { ...auth, 'x-forwarded-for': `203.0.113.${10 + i}` }));
    expect(after).toEqual([401, 401, 401, 401]);
  });

  it('runs each job once, in the primary, and keeps one schedule per name', async () => {
    const ids = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.runtime.jobs.queue.enqueue('identity.purge_expired', {}, { maxAttempts: 1 }),
      ),
    );
    await waitFor(
      async () =>
        (await Promise.all(ids.map((id) => t.runtime.jobs.queue.get(id)))).every(
          (job) => job?.status === 'completed',
        ),
      'the jobs to run',
      30_000,
    );
    for (const id of ids) expect((await t.runtime.jobs.queue.get(id))?.attempts).toBe(1);
    const schedules = await t.runtime.data.global
      .selectFrom('job_schedules')
      .select('name')
      .where('name', '=', 'identity.purge_expired')
      .execute();
    expect(schedules).toHaveLength(1);
  });

  it('replaces a worker that dies, and stops every process on SIGTERM', async () => {
    const [victim] = workerPids();
    process.kill(victim as number, 'SIGKILL');
    await waitFor(
      () => {
        const pids = workerPids();
        return pids.length === 2 && !pids.includes(victim as number);
      },
      'a new worker',
      30_000,
    );
    await waitFor(
      async () => (await call('GET', '/healthz').catch(() => 0)) === 200,
      'the server to answer',
      30_000,
    );
    server.kill('SIGTERM');
    const [code] = await once(server, 'exit');
    expect(code).toBe(0);
  }, 60_000);
});
