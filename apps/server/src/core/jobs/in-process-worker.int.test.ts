import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { startServer } from '../../main.js';
import { loadConfig } from '../config.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('the server runs jobs in-process and lets a running job finish when it stops', async () => {
  const server = await startServer(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', JOBS_POLL_MS: '20', ...t.database.env }),
  );
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = false;
  server.runtime.jobs.registry.define('in_process.long', async () => {
    started = true;
    await gate;
  });
  const id = await t.runtime.jobs.queue.enqueue('in_process.long', {});
  await waitFor(() => started, 'the in-process worker to start the job');

  let stopped = false;
  const stopping = server.stop().then(() => {
    stopped = true;
  });
  await sleep(100);
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect((await t.runtime.jobs.queue.get(id))?.status).toBe('completed');
});
