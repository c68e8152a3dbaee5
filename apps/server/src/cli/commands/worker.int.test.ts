import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import '../../modules/sites/tables.js';

const bin = fileURLToPath(new URL('../../../bin/tessera.js', import.meta.url));

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The child process starts through tsx, migrates and sets the modules up: slow on a busy machine.
it("tessera worker runs the modules' job handlers until SIGTERM, then exits cleanly", {
  timeout: 90_000,
}, async () => {
  // An expired setup link for the sites module's purge job to delete. The job completes only
  // in a worker that has the module's handler (one without fails it at once), and the row goes
  // only if that handler really ran.
  const long = new Date(Date.now() - 86_400_000).toISOString();
  await t.runtime.data.global
    .insertInto('setup_tokens')
    .values({ token_hash: 'worker-test-expired', expires_at: long, used_at: null, created_at: long })
    .execute();
  const id = await t.runtime.jobs.queue.enqueue('sites.purge_setup_tokens', {}, { maxAttempts: 1 });
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
        const job = await t.runtime.jobs.queue.get(id);
        if (job?.status === 'failed') throw new Error(`the purge job failed: ${job.last_error}`);
        return job?.status === 'completed';
      },
      'the worker to run the purge job',
      60_000,
    );
    const left = await t.runtime.data.global
      .selectFrom('setup_tokens')
      .select('token_hash')
      .where('token_hash', '=', 'worker-test-expired')
      .execute();
    expect(left).toEqual([]);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});
