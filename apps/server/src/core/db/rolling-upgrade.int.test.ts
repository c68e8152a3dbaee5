import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { freePort } from '../../../test/fixtures/ports.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { seedSiteWithRoles, seedToken, seedUser } from '../../../test/identity-fixtures.js';
import { allMigrationSources } from '../../lifecycle.js';
import { migrateToLatest, migrationStatus } from './migrate.js';

/**
 * A rolling upgrade (docs/operations.md, Upgrades): instances of this version serve while a newer
 * one applies a migration, and one of them restarting meanwhile starts beside it, rather than
 * stopping on migrations it does not know.
 */
const bin = fileURLToPath(new URL('../../../bin/tessera.js', import.meta.url));
const newer = { folder: fileURLToPath(new URL('../../../test/fixtures/newer-migrations', import.meta.url)) };
const HOST = 'rolling.test';

let t: TestContext;
let token = '';
const instances: ChildProcess[] = [];

/** `tessera serve` of this version on the test's database, once it answers; its output as it comes. */
async function startInstance(): Promise<{ port: number; output: () => string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [bin, 'serve'], {
    env: {
      ...process.env,
      ...t.database.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instances.push(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`tessera serve exited (${child.exitCode}):\n${output}`);
      return (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status === 200;
    },
    'the instance to answer',
    60_000,
  );
  return { port, output: () => output };
}

const api = (port: number, method: string, path: string, body?: unknown) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      host: HOST,
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

beforeAll(async () => {
  t = await createTestApp();
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, HOST);
  token = await seedToken(
    t.runtime,
    await seedUser(t.runtime, siteId, roles, { email: 'ada@rolling.test', role: 'admin' }),
  );
}, 60_000);

afterAll(async () => {
  for (const child of instances) if (child.exitCode === null) child.kill('SIGKILL');
  await t.close();
});

describe(`a newer version's migration beside running instances (${testEngine})`, () => {
  it('keeps the old instance reading and writing, and lets another old one start', async () => {
    const old = await startInstance();
    expect((await api(old.port, 'POST', '/api/posts', { title: 'Before the upgrade' })).status).toBe(201);

    // The newer version's first instance migrates (a column on entries, a table of its own).
    const sources = [...(await allMigrationSources(t.runtime)), newer];
    expect(await migrateToLatest(t.runtime.database, sources)).toEqual(['0999_rolling_probe']);

    // The old instance reads and writes on, the new column left to its default.
    const written = await api(old.port, 'POST', '/api/posts', { title: 'During the upgrade' });
    expect(written.status).toBe(201);
    const listed = await api(old.port, 'GET', '/api/posts?limit=10');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { data: { title: string }[] }).data.map((post) => post.title)).toEqual(
      expect.arrayContaining(['Before the upgrade', 'During the upgrade']),
    );

    // An old instance (re)started now starts, says why it serves beside a newer schema, and serves.
    const restarted = await startInstance();
    expect(restarted.output()).toContain('0999_rolling_probe');
    expect(restarted.output()).toContain('a newer version applied');
    expect((await api(restarted.port, 'POST', '/api/posts', { title: 'Restarted old' })).status).toBe(201);

    // The old version's status lists the newer migration as applied; nothing of its own pending.
    const status = await migrationStatus(t.runtime.database, await allMigrationSources(t.runtime));
    expect(status.find((m) => m.name === '0999_rolling_probe')?.appliedAt).not.toBeNull();
    expect(status.filter((m) => m.appliedAt === null)).toEqual([]);
  }, 120_000);
});
