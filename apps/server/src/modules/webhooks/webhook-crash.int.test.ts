import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { runJobHandler, waitFor } from '../../../test/fixtures/jobs.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { writeJson } from '../../core/db/engine.js';
import { workerForRuntime } from '../../core/jobs/worker.js';
import { DELIVER_JOB, SWEEP_JOB } from './service.js';

// Any worker process will do: the newsletter's crash test has one that runs every job kind.
const fixture = fileURLToPath(new URL('../../../test/fixtures/campaign-worker.ts', import.meta.url));
const JOBS = { JOBS_LEASE_SECONDS: '2', JOBS_POLL_MS: '50' };
const WEBHOOKS = 3;
const EVENTS = 40;
const ANSWER_MS = 50;

interface Receipt {
  hook: string;
  deliveryId: string;
  /** The post's place in the order the events happened. */
  index: number;
  at: number;
}

/** A receiver on 127.0.0.1 answering 200 in about 50 ms, like a real one doing some work. */
async function receiver() {
  const receipts: Receipt[] = [];
  let open = 0;
  const server: Server = createServer((req, res) => {
    open++;
    res.on('close', () => open--);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const title = String(JSON.parse(body).data.title);
      receipts.push({
        hook: req.url ?? '',
        deliveryId: String(req.headers['x-tessera-delivery']),
        index: Number(title.replace('Event ', '')),
        at: Date.now(),
      });
      setTimeout(() => res.end('ok'), ANSWER_MS);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    receipts,
    open: () => open,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let t: TestContext;
let a: ContentSite;
let sink: Awaited<ReturnType<typeof receiver>>;
let child: ChildProcess | null = null;

beforeAll(async () => {
  sink = await receiver();
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', ...JOBS });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  const set = await a.call('super_admin', 'PUT', '/api/settings/webhooks', {
    allow_private_targets: true,
    retry_delays_seconds: [1, 1],
  });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t?.close();
  await sink?.close();
});

const deliveries = () =>
  t.runtime.data
    .site(a.siteId)
    .selectFrom('webhook_deliveries')
    .select(['webhook_id', 'delivery_id', 'status'])
    .execute();

const createHook = async (path: string) => {
  const created = await a.call('admin', 'POST', '/api/webhooks', {
    url: sink.url(path),
    events: ['post.created'],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
};

describe(`webhook deliveries across a killed worker (${testEngine})`, () => {
  it('all arrive, in order per webhook, the duplicates no more than were in flight', async () => {
    for (let n = 1; n <= WEBHOOKS; n++) await createHook(`/crash/${n}`);
    for (let index = 0; index < EVENTS; index++) {
      const post = await a.call('editor', 'POST', '/api/posts', { title: `Event ${index}` });
      expect(post.statusCode, post.body).toBe(201);
    }
    const total = WEBHOOKS * EVENTS;

    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      env: { ...process.env, ...t.database.env, ...JOBS, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    await waitFor(
      () => {
        if (child?.exitCode !== null) throw new Error(`The worker process exited early:\n${output}`);
        return sink.receipts.length >= total / 3;
      },
      'the child worker to be mid-way',
      20_000,
    );
    child.kill('SIGKILL');
    await once(child, 'exit');
    const killedAt = Date.now();
    // The dead worker's connections close with it; what it had sent is all in now.
    await waitFor(() => sink.open() === 0, "the dead worker's requests to end");
    const atKill = sink.receipts.length;
    expect(atKill).toBeLessThan(total);
    // In flight: received, but the worker died before it recorded the answer.
    const pendingAtKill = new Set(
      (await deliveries()).filter((row) => row.status === 'pending').map((row) => row.delivery_id),
    );
    const inFlight = new Set(
      sink.receipts.filter((r) => pendingAtKill.has(r.deliveryId)).map((r) => r.deliveryId),
    );
    expect(inFlight.size).toBeLessThanOrEqual(WEBHOOKS);

    // This process's worker takes the dead one's jobs over once their 2-second leases expire.
    const rescuer = workerForRuntime(t.runtime, { workerId: 'rescuer', pollMs: 50 });
    rescuer.start();
    try {
      await waitFor(
        async () => (await deliveries()).every((row) => row.status === 'delivered'),
        'every delivery to be delivered',
        20_000,
      );
    } finally {
      await rescuer.stop();
    }
    const after = sink.receipts.slice(atKill);
    const recoveredMs = (after[0]?.at ?? Number.NaN) - killedAt;
    const doneMs = (after.at(-1)?.at ?? Number.NaN) - killedAt;

    const seen = new Set<string>();
    const duplicates: string[] = [];
    for (const receipt of sink.receipts) {
      if (seen.has(receipt.deliveryId)) duplicates.push(receipt.deliveryId);
      seen.add(receipt.deliveryId);
    }
    console.info(
      `webhooks after a killed worker (${testEngine}): ${atKill} of ${total} received before the kill, ` +
        `first delivery ${recoveredMs} ms after it, all in ${doneMs} ms (lease ${JOBS.JOBS_LEASE_SECONDS} s); ` +
        `${inFlight.size} in flight, ${duplicates.length} duplicate(s)`,
    );
    expect(seen.size).toBe(total);
    // At least once, in order: each webhook's first receipts are its events in the order they happened.
    for (let n = 1; n <= WEBHOOKS; n++) {
      const firsts = new Set<string>();
      const order = sink.receipts
        .filter((r) => r.hook === `/crash/${n}`)
        .filter((r) => !firsts.has(r.deliveryId) && firsts.add(r.deliveryId))
        .map((r) => r.index);
      expect(order, `webhook ${n}`).toEqual([...Array(EVENTS).keys()]);
    }
    // Only what was in flight is sent twice.
    expect(duplicates.every((id) => inFlight.has(id))).toBe(true);
    expect(duplicates.length).toBeLessThanOrEqual(inFlight.size);
    const held = await t.runtime.data.site(a.siteId).selectFrom('webhooks').select('draining_run').execute();
    expect(held.every((row) => row.draining_run === null)).toBe(true);
  }, 30_000);

  it('the sweep starts a run for due deliveries left without one, never beside a live run', async () => {
    const id = await createHook('/swept');
    const now = Date.now();
    const iso = (offset: number) => new Date(now + offset).toISOString();
    // Another worker's run holds the webhook, its job alive.
    const holder = await t.runtime.data.global
      .insertInto('jobs')
      .values({
        name: DELIVER_JOB,
        queue: 'webhooks',
        payload: writeJson({ webhookId: id }),
        site_id: a.siteId,
        dedupe_key: null,
        status: 'running',
        attempts: 3,
        max_attempts: 3,
        run_at: iso(-60_000),
        locked_by: 'elsewhere',
        locked_until: iso(3_600_000),
        last_error: null,
        created_at: iso(-60_000),
        updated_at: iso(-60_000),
        completed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.runtime.data
      .site(a.siteId)
      .updateTable('webhooks')
      .set({ draining_job: holder.id, draining_run: 'elsewhere-run' })
      .where('id', '=', id)
      .execute();
    // An event whose job is gone: it ran, found the webhook held and ended, say.
    expect((await a.call('editor', 'POST', '/api/posts', { title: 'Event 0' })).statusCode).toBe(201);
    expect(await t.runtime.jobs.queue.cancelByKey(DELIVER_JOB, `webhook:${id}`, a.siteId)).not.toBeNull();
    const waiting = async () =>
      (
        await t.runtime.data.global
          .selectFrom('jobs')
          .select('id')
          .where('name', '=', DELIVER_JOB)
          .where('dedupe_key', '=', `webhook:${id}`)
          .where('status', '=', 'pending')
          .execute()
      ).length;

    await runJobHandler(t.runtime, SWEEP_JOB);
    expect(await waiting()).toBe(0);

    // That worker died and the queue gave up on its job, out of attempts: the hold is a dead one.
    await t.runtime.data.global
      .updateTable('jobs')
      .set({ status: 'failed', locked_by: null, locked_until: null })
      .where('id', '=', holder.id)
      .execute();
    await runJobHandler(t.runtime, SWEEP_JOB);
    expect(await waiting()).toBe(1);
    await runJobHandler(t.runtime, SWEEP_JOB);
    expect(await waiting()).toBe(1);

    const worker = workerForRuntime(t.runtime, { pollMs: 50 });
    worker.start();
    try {
      await waitFor(() => sink.receipts.some((r) => r.hook === '/swept'), 'the swept delivery');
      await waitFor(
        async () =>
          (await deliveries())
            .filter((row) => row.webhook_id === id)
            .every((row) => row.status === 'delivered'),
        'the swept delivery to be recorded',
      );
    } finally {
      await worker.stop();
    }
  });
});
