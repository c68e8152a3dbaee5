import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../../test/fixtures/jobs.js';
import { startSmtp } from '../../../../test/fixtures/smtp.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import {
  bearer,
  PASSWORD,
  seedSiteWithRoles,
  seedToken,
  seedUser,
} from '../../../../test/identity-fixtures.js';
import { sha256 } from '../../../core/access/secrets.js';
import { workerForRuntime } from '../../../core/jobs/worker.js';
import type { Runtime } from '../../../core/runtime.js';
import { noBranding } from '../../../core/sites/site.js';
import { JobsRepo } from '../../jobs/repo.js';

/** Mail leaves through the job queue: each suite runs a worker beside its app, as `tessera serve` does. */
function startWorker(runtime: Runtime) {
  const worker = workerForRuntime(runtime, { pollMs: 20 });
  worker.start();
  return worker;
}

/** Jobs of a name, oldest first. */
async function jobsNamed(runtime: Runtime, name: string) {
  return (await new JobsRepo(runtime.data.global).list({ name }, 1, 100)).items.reverse();
}

const host = 'example.test';
const NEW_PASSWORD = 'a brand new passphrase 42';
const ANSWER = { data: { message: 'If that account exists, a reset link is on its way.' }, meta: {} };

/** Polls until `check` gives a value: mail leaves after the response, on its own schedule. */
async function eventually<T>(check: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 250; i++) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** The reset token of a raw message, whether its body was sent as 7bit or quoted-printable. */
function tokenOf(raw: string): string {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decoded);
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return match[1];
}

describe('password reset over SMTP', () => {
  let t: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let userId: number;
  let siteId: number;
  let roles: Map<string, number>;
  let worker: ReturnType<typeof startWorker>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      RATE_LIMIT_GENERAL: '10000',
      PUBLIC_URL: 'https://admin.example.test',
    });
    ({ siteId, roles } = await seedSiteWithRoles(t.runtime, host));
    userId = await seedUser(t.runtime, siteId, roles, { email: 'Reset.Me@example.test', role: 'editor' });
    worker = startWorker(t.runtime);
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', headers: { host }, payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      headers: { host },
      payload: { token, password },
    });
  const login = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host },
      payload: { email: 'reset.me@example.test', password },
    });

  async function requestLink(): Promise<string> {
    // Earlier links of these tests are made an hour old, so the hourly cap of reset mails stays out of the way.
    await t.runtime.data.global
      .updateTable('password_resets')
      .set({ created_at: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const before = smtp.inbox.length;
    const res = await forgot('reset.me@EXAMPLE.test');
    expect(res.statusCode).toBe(202);
    const mail = await eventually(() => smtp.inbox[before], 'the reset mail');
    expect(mail.to).toEqual(['Reset.Me@example.test']);
    return tokenOf(mail.raw);
  }

  it('answers an unknown email exactly like a known one, and sends it nothing', async () => {
    const unknown = await forgot('nobody@example.test');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(ANSWER);
    const known = await forgot('reset.me@example.test');
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(ANSWER);
    // The same work for both: each request queued one job and did nothing else.
    const requests = await jobsNamed(t.runtime, 'identity.password_reset');
    expect(requests.map((job) => job.payload)).toEqual([
      { email: 'nobody@example.test', ip: '127.0.0.1' },
      { email: 'reset.me@example.test', ip: '127.0.0.1' },
    ]);
    // The known address's mail arrives; the unknown one, asked for first, never did.
    await eventually(() => (smtp.inbox.length >= 1 ? true : undefined), 'the reset mail');
    expect(smtp.inbox.flatMap((m) => m.to)).toEqual(['Reset.Me@example.test']);
    expect(smtp.inbox[0]?.raw).toContain('https://admin.example.test/admin/reset-password?token=');
  });

  it('stores only the hash of the token, valid for one hour', async () => {
    const token = await requestLink();
    const row = await t.runtime.data.global
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    expect(row?.user_id).toBe(userId);
    const lifetime = Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '');
    expect(lifetime).toBe(3_600_000);
    const plain = await t.runtime.data.global
      .selectFrom('password_resets')
      .select('token_hash')
      .where('token_hash', '=', token)
      .execute();
    expect(plain).toHaveLength(0);
  });

  it('refuses a password that fails the password rules, keeping the token usable', async () => {
    const token = await requestLink();
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['password']);
    const row = await t.runtime.data.global
      .selectFrom('password_resets')
      .select('used_at')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    expect(row).toEqual({ used_at: null });
  });

  it('sends the mail through the mail job, its body sealed in the queue', async () => {
    const token = await requestLink();
    const mails = (await jobsNamed(t.runtime, 'mail.deliver')).filter(
      (job) => (job.payload as { to: string }).to === 'Reset.Me@example.test',
    );
    const last = mails.at(-1);
    expect(last?.payload).toMatchObject({ to: 'Reset.Me@example.test', subject: expect.any(String) });
    expect(JSON.stringify(last?.payload)).not.toContain(token);
    await waitFor(
      async () => (await t.runtime.jobs.queue.get(last?.id ?? 0))?.status === 'completed',
      'the mail job',
    );
  });

  it('sends an account at most three reset mails an hour, answering every request alike', async () => {
    await seedUser(t.runtime, siteId, roles, { email: 'often@example.test', role: 'author' });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await forgot('often@example.test'));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual(ANSWER);
    }
    await waitFor(async () => {
      const jobs = [
        ...(await jobsNamed(t.runtime, 'identity.password_reset')),
        ...(await jobsNamed(t.runtime, 'mail.deliver')),
      ];
      return jobs.every((job) => job.status === 'completed');
    }, 'the reset and mail jobs');
    expect(smtp.inbox.filter((mail) => mail.to.includes('often@example.test'))).toHaveLength(3);
  });

  it('sets the new password, ends sessions, revokes API tokens, and works only once', async () => {
    const apiToken = await seedToken(t.runtime, userId);
    expect((await t.app.inject({ url: '/api/me', headers: { host, ...bearer(apiToken) } })).statusCode).toBe(
      200,
    );
    const old = await login(PASSWORD);
    const oldCookie = old.cookies.find((c) => c.name === 'tessera_session')?.value;
    expect(oldCookie).toBeDefined();
    const first = await requestLink();
    const token = await requestLink();

    const done = await reset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.message).toContain('password');
    expect(done.json().meta).toEqual({ tokens_revoked: 1 });
    expect((await t.app.inject({ url: '/api/me', headers: { host, ...bearer(apiToken) } })).statusCode).toBe(
      401,
    );

    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    const stale = await t.app.inject({
      url: '/api/auth/csrf',
      headers: { host, cookie: `tessera_session=${oldCookie}` },
    });
    expect(stale.statusCode).toBe(401);

    const again = await reset(token, 'yet another passphrase 7');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: ['This reset link is invalid or has expired.'] });
    // The link mailed earlier was cancelled by the reset.
    expect((await reset(first, 'yet another passphrase 7')).statusCode).toBe(422);

    const activity = await t.runtime.data.raw
      .selectFrom('activity_log')
      .select('action')
      .where('user_id', '=', userId)
      .where('action', '=', 'password.reset')
      .execute();
    expect(activity.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses an expired token and an unknown one', async () => {
    const token = await requestLink();
    await t.runtime.data.global
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    const expired = await reset(token, 'a fine long passphrase 9');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.token).toEqual(['This reset link is invalid or has expired.']);
    const unknown = await reset('not-a-token', 'a fine long passphrase 9');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.token).toBeDefined();
  });

  it('validates the bodies', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      headers: { host },
      payload: { email: 'a@b.c', x: 1 },
    });
    expect(extra.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      headers: { host },
      payload: { token: 'x' },
    });
    expect(missing.statusCode).toBe(422);
  });
});

describe('password reset without SMTP', () => {
  let t: TestContext;
  let worker: ReturnType<typeof startWorker>;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_GENERAL: '10000' });
    const { siteId, roles } = await seedSiteWithRoles(t.runtime, host);
    await seedUser(t.runtime, siteId, roles, { email: 'local@example.test', role: 'author' });
    worker = startWorker(t.runtime);
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it("writes the mail as an .eml file under DATA_DIR/mail, in the site's white-label name", async () => {
    const site = await t.runtime.siteStore.findByDomain(host);
    await t.runtime.siteStore.update(
      site?.id ?? 0,
      { branding: { ...(site?.branding ?? noBranding), name: 'Quay Studio' } },
      new Date().toISOString(),
    );
    await t.runtime.caches.clear('sites');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      headers: { host },
      payload: { email: 'local@example.test' },
    });
    expect(res.statusCode).toBe(202);
    const dir = join(t.config.dataDir, 'mail');
    const file = await eventually(
      () => (existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith('.eml')) : undefined),
      'an .eml file',
    );
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]+\.eml$/);
    const raw = readFileSync(join(dir, file), 'utf8');
    expect(raw).toContain('To: local@example.test');
    expect(raw).toContain('Subject: Reset your password for Quay Studio');
    expect(raw).toContain('From: Quay Studio <no-reply@localhost>');
    expect(raw).not.toMatch(/tessera/i);
    const token = tokenOf(raw);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      headers: { host },
      payload: { token, password: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
  });
});

describe('password reset when the SMTP server refuses the mail', () => {
  let t: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  let worker: ReturnType<typeof startWorker>;

  beforeAll(async () => {
    smtp = await startSmtp({ refuse: true });
    t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_GENERAL: '10000' });
    const { siteId, roles } = await seedSiteWithRoles(t.runtime, host);
    await seedUser(t.runtime, siteId, roles, { email: 'bounce@example.test', role: 'author' });
    worker = startWorker(t.runtime);
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await smtp.close();
  });

  it('still answers 202 with the usual message, and the mail job retries later', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      headers: { host },
      payload: { email: 'bounce@example.test' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(ANSWER);
    await eventually(() => (smtp.attempts.length > 0 ? true : undefined), 'the delivery attempt');
    expect(smtp.inbox).toHaveLength(0);
    let mail: Awaited<ReturnType<typeof jobsNamed>>[number] | undefined;
    await waitFor(async () => {
      mail = (await jobsNamed(t.runtime, 'mail.deliver'))[0];
      return mail?.status === 'pending' && mail.attempts === 1;
    }, 'the mail job to wait for its retry');
    expect(mail?.last_error).toBeTruthy();
    expect(Date.parse(mail?.run_at ?? '')).toBeGreaterThan(Date.now());
  });
});
