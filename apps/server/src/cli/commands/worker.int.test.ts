import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';

const bin = fileURLToPath(new URL('../../../bin/tessera.js', import.meta.url));

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The budgets cover a cold start: without a current build the launcher compiles the sources
// through tsx first, which takes more than 15 s on a loaded two-core machine.
it('tessera worker runs jobs until SIGTERM, then exits cleanly', { timeout: 90_000 }, async () => {
  // No handler is defined for this name: the worker fails it at once, which shows it is running.
  const id = await t.runtime.jobs.queue.enqueue('cli_test.unknown', {}, { maxAttempts: 1 });
  const child = spawn(process.execPath, [bin, 'worker', '--concurrency', '1'], {
    env: { ...process.env, ...t.database.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', JOBS_POLL_MS: '50' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`tessera worker exited early:\n${output}`);
        return (await t.runtime.jobs.queue.get(id))?.status === 'failed';
      },
      'the worker to process the job',
      60_000,
    );
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});
