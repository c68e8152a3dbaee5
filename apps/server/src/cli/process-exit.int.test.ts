import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness.js';

// The other CLI tests call runCli in-process; these start `tessera` as a real process on the Node
// running the tests, because how a process ends (native modules torn down, the last garbage
// collection) is only seen there: on Node 24 with better-sqlite3 12 it aborted instead.
const bin = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

function tessera(...args: string[]): Promise<{ code: number | null; signal: string | null; output: string }> {
  const child = spawn(process.execPath, [bin, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      REDIS_URL: '',
      ...database.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, output }));
  });
}

it('one-shot commands exit 0 on their own, from migrating to creating a token', {
  timeout: 120_000,
}, async () => {
  const migrate = await tessera('migrate');
  expect(migrate, migrate.output).toMatchObject({ code: 0, signal: null });

  const install = await tessera(
    'install',
    '--site-name',
    'Exit Site',
    '--domain',
    'exit.test',
    '--admin-email',
    'exit@example.test',
    '--admin-password',
    'correct horse battery staple',
  );
  expect(install, install.output).toMatchObject({ code: 0, signal: null });
  expect(install.output).toContain('Installed Tessera');

  const token = await tessera('token:create', '--email', 'exit@example.test', '--name', 'exit check');
  expect(token, token.output).toMatchObject({ code: 0, signal: null });

  const status = await tessera('migrate', '--status');
  expect(status, status.output).toMatchObject({ code: 0, signal: null });
  expect(status.output).not.toContain('Assertion failed');
});

it('installing a second time fails: exit 1 and one line, not a crash', { timeout: 60_000 }, async () => {
  const again = await tessera(
    'install',
    '--site-name',
    'Twice',
    '--domain',
    'twice.test',
    '--admin-email',
    'twice@example.test',
    '--admin-password',
    'correct horse battery staple',
  );
  expect(again.code, again.output).toBe(1);
  expect(again.output.trim().split('\n')).toHaveLength(1);
});
