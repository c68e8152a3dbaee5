import { expect } from 'vitest';
import { MAIL_JOB } from '../../../apps/server/src/core/mail/mail-job.js';
import { AccountsRepo } from '../../../apps/server/src/modules/accounts/repo.js';
import { hashPassword } from '../../../apps/server/src/modules/identity/password/passwords.js';
import { type ContentSite, seedContentSite } from '../../../apps/server/test/content-fixtures.js';
import { SiteVisitor } from '../../../apps/server/test/fixtures/site-visitor.js';
import { createTestApp, type TestContext } from '../../../apps/server/test/harness.js';

/** What the members plugin's tests share: an app, two sites with the plugin on, accounts. */

export const PASSWORD = 'a long and quiet river';

export interface MembersWorld {
  t: TestContext;
  a: ContentSite;
  b: ContentSite;
}

export async function membersWorld(prefix: string, env: Record<string, string> = {}): Promise<MembersWorld> {
  const t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', ...env });
  const a = await seedContentSite(t.app, t.runtime, `${prefix}-a.test`);
  const b = await seedContentSite(t.app, t.runtime, `${prefix}-b.test`);
  for (const site of [a, b]) {
    const on = await site.call('admin', 'PUT', '/api/plugins/members/active', { active: true });
    expect(on.statusCode, on.body).toBe(200);
    const accounts = await site.call('admin', 'PUT', '/api/settings/accounts', { registration: true });
    expect(accounts.statusCode, accounts.body).toBe(200);
  }
  return { t, a, b };
}

let passwordHash: Promise<string> | null = null;

/** A confirmed site account of `site`, as registering and opening the mailed link leave one. */
export async function seedAccount(
  world: MembersWorld,
  site: ContentSite,
  email: string,
  name = email.split('@')[0] ?? 'Someone',
): Promise<number> {
  passwordHash ??= hashPassword(PASSWORD);
  const at = new Date().toISOString();
  return new AccountsRepo(world.t.runtime.data.site(site.siteId)).insert({
    email,
    email_normalized: email.toLowerCase(),
    name,
    password_hash: await passwordHash,
    status: 'active',
    locale: 'en',
    email_verified_at: at,
    last_sign_in_at: null,
    created_at: at,
    updated_at: at,
  });
}

/** A visitor signed in as `email` through the core's sign-in page. */
export async function signedIn(world: MembersWorld, site: ContentSite, email: string): Promise<SiteVisitor> {
  const visitor = new SiteVisitor(world.t.app, site.host);
  const res = await visitor.submit('/account/sign-in', '/account/sign-in', { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(303);
  return visitor;
}

/** Creates a plan through the API as the site's Admin. */
export async function createPlan(
  site: ContentSite,
  body: Record<string, unknown>,
): Promise<{ id: number; slug: string }> {
  const res = await site.call('admin', 'POST', '/api/members/plans', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The subjects of the mails queued to `to` so far: known as soon as the change that sends them commits. */
export async function mailsTo(world: MembersWorld, to: string): Promise<string[]> {
  const jobs = await world.t.runtime.data.global
    .selectFrom('jobs')
    .select('payload')
    .where('name', '=', MAIL_JOB)
    .execute();
  return jobs
    .map(
      (job) =>
        (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as {
          to: string;
          subject: string;
        },
    )
    .filter((mail) => mail.to === to)
    .map((mail) => mail.subject);
}
