import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { waitFor } from '../../../../test/fixtures/jobs.js';
import { startSmtp } from '../../../../test/fixtures/smtp.js';
import { createTestApp, type TestContext, testEngine } from '../../../../test/harness.js';
import { workerForRuntime } from '../../../core/jobs/worker.js';
import { INTERRUPTED } from './repo-deliveries.js';

const fixture = fileURLToPath(new URL('../../../../test/fixtures/campaign-worker.ts', import.meta.url));
const SUBSCRIBERS = 10_000;
const JOBS = { JOBS_LEASE_SECONDS: '2', JOBS_POLL_MS: '50' };

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: ContentSite;
let child: ChildProcess | null = null;

beforeAll(async () => {
  smtp = await startSmtp({ keepRaw: false });
  t = await createTestApp({
    SMTP_URL: `${smtp.url}?pool=true&maxConnections=8`,
    RATE_LIMIT_GENERAL: '100000',
    PUBLIC_URL: 'https://admin.test',
    ...JOBS,
  });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  const db = t.runtime.data.site(a.siteId);
  const at = new Date().toISOString();
  for (let from = 0; from < SUBSCRIBERS; from += 500)
    await db
      .insertInto(
        'newsletter_subscribers',
        Array.from({ length: Math.min(500, SUBSCRIBERS - from) }, (_, i) => ({
          email: `reader${from + i}@crash.test`,
          status: 'subscribed' as const,
          language: null,
          source: 'import' as const,
          consent_at: at,
          consent_ip: null,
          confirmed_at: at,
          unsubscribed_at: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
}, 60_000);
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t?.close();
  await smtp?.close();
});

const counts = async (campaignId: number) => {
  const rows = await t.runtime.data
    .site(a.siteId)
    .selectFrom('newsletter_deliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])) as Record<string, number>;
};

it(`delivers a ${SUBSCRIBERS}-subscriber campaign once each across a worker killed mid-way (${testEngine})`, async () => {
  expect(
    (await a.call('admin', 'PUT', '/api/settings/newsletter', { rate_per_minute: 100_000 })).statusCode,
  ).toBe(200);
  const created = await a.call('admin', 'POST', '/api/newsletter/campaigns', {
    subject: 'To everyone',
    audience: { lists: [], language: null },
    blocks: [
      { type: 'paragraph', props: { content: '<p>Hello <a href="https://example.org/">there</a>.</p>' } },
    ],
  });
  const id = created.json().data.id as number;
  expect((await a.call('admin', 'POST', `/api/newsletter/campaigns/${id}/send`, {})).statusCode).toBe(202);

  let output = '';
  child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: {
      ...process.env,
      ...t.database.env,
      ...JOBS,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMTP_URL: `${smtp.url}?pool=true&maxConnections=8`,
      PUBLIC_URL: 'https://admin.test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitFor(
    async () => {
      if (child?.exitCode !== null) throw new Error(`The worker process exited early:\n${output}`);
      await sleep(250);
      return ((await counts(id)).sent ?? 0) >= SUBSCRIBERS / 4;
    },
    'the child worker to be mid-campaign',
    90_000,
  );
  child.kill('SIGKILL');
  await once(child, 'exit');
  const atCrash = await counts(id);
  expect(atCrash.sent ?? 0).toBeLessThan(SUBSCRIBERS);

  // This process's worker takes over once the dead one's lease on the batch job expires.
  const rescuer = workerForRuntime(t.runtime, { workerId: 'rescuer', pollMs: 50 });
  rescuer.start();
  try {
    await waitFor(
      async () => {
        await sleep(250);
        return (
          (await a.call('admin', 'GET', `/api/newsletter/campaigns/${id}`)).json().data.status === 'sent'
        );
      },
      'the campaign to be sent',
      150_000,
    );
  } finally {
    await rescuer.stop();
  }

  const final = await counts(id);
  const interrupted = await t.runtime.data
    .site(a.siteId)
    .selectFrom('newsletter_deliveries')
    .select('email')
    .where('campaign_id', '=', id)
    .where('status', '=', 'failed')
    .where('smtp_response', '=', INTERRUPTED)
    .execute();
  // Only the messages in flight when the worker died are in doubt (one per lane at most), and failed.
  expect(final.failed ?? 0).toBe(interrupted.length);
  expect(interrupted.length).toBeLessThanOrEqual(8);
  expect((final.sent ?? 0) + interrupted.length).toBe(SUBSCRIBERS);

  const received = smtp.inbox.flatMap((mail) => mail.to);
  const seen = new Set(received);
  expect(received.length - seen.size, 'addresses mailed twice').toBe(0);
  const inDoubt = new Set(interrupted.map((row) => row.email));
  expect(received.filter((address) => !inDoubt.has(address))).toHaveLength(final.sent ?? 0);
}, 300_000);
