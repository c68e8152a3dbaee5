import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  apiCall,
  describeInBrowser,
  SCREENSHOTS,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';
import { startSmtp } from '../../../test/fixtures/smtp.js';
import { workerForRuntime } from '../../core/jobs/worker.js';
import { VISITOR_COOKIE } from '../../core/visitors/visitor-cookie.js';

/**
 * Site accounts in chromium: a visitor registers on the site's pages, opens the link mailed to
 * them, signs in and finds their profile; an administrator finds them on the Accounts screen by
 * searching, suspends them, and the visitor is signed out.
 */
let admin: AdminBrowser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;
const ADA = 'ada@example.test';
const VISITOR = 'lin.visitor@example.test';
const PASSWORD = 'a long and quiet river';
/** A screen loads its chunks first: a busy machine needs more than 5 s. */
const LOAD = { timeout: 15_000 };

/** The text of the next mail to `to`, quoted-printable undone: mail leaves through the queue. */
async function mailTo(to: string): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const mail = smtp.inbox.find((each) => each.to.some((address) => address.toLowerCase() === to));
    if (mail)
      return mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

beforeAll(async () => {
  smtp = await startSmtp();
  admin = await startAdminBrowser({ SMTP_URL: smtp.url });
  await seedAdminUser(admin, ADA, 'admin', 'Ada');
  worker = workerForRuntime(admin.t.runtime, { pollMs: 20 });
  worker.start();
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await admin?.close();
  await smtp?.close();
});

describeInBrowser('site accounts', () => {
  it('a visitor registers, confirms the address, signs in and sees their profile; an admin finds and suspends them', async () => {
    const staff = await admin.open();
    await staff.page.goto(`${admin.base}/admin/`);
    await signIn(staff.page, ADA);
    await expect.poll(() => staff.page.getByRole('heading', { name: 'Welcome, Ada' }).count(), LOAD).toBe(1);
    const on = await apiCall(staff.page, admin.base, 'PUT', '/api/settings/accounts', { registration: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);

    // The visitor, in a browser of their own.
    // CSP bypassed for axe alone; the site's pages keep it.
    const visitor = await admin.browser.newContext({ locale: 'en-GB', bypassCSP: true });
    const page = await visitor.newPage();
    page.setDefaultTimeout(5000);
    await page.goto(`${admin.base}/account/register`);
    await page.getByLabel('Name').fill('Lin');
    await page.getByLabel('Email address').fill(VISITOR);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText('Check your inbox').waitFor();
    expect((await visitor.cookies()).find((cookie) => cookie.name === VISITOR_COOKIE)).toBeUndefined();

    const link = /(https?:\/\/\S+\/account\/verify\?token=\S+)/.exec(await mailTo(VISITOR))?.[1];
    expect(link).toBeDefined();
    await page.goto(link as string);
    await page.getByText('Your address is confirmed.').waitFor();
    await page.getByLabel('Email address').fill(VISITOR);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await page.getByText(`Signed in as ${VISITOR}.`).waitFor();
    const cookie = (await visitor.cookies()).find((each) => each.name === VISITOR_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'site-account-profile.png'), fullPage: true });

    await page.getByRole('textbox', { name: 'Name' }).fill('Lin Qiu');
    await page.getByRole('button', { name: 'Save my name' }).click();
    await page.getByText('Your name is saved.').waitFor();

    // The administrator finds the account by searching, and suspends it.
    await staff.page.getByRole('link', { name: 'Accounts' }).click();
    await staff.page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor(LOAD);
    await staff.page.getByLabel('Search by name or email').fill('qiu');
    await expect.poll(() => staff.page.getByRole('row').count(), LOAD).toBe(2);
    await staff.page.getByText(VISITOR).waitFor();
    expect(await violations(staff.page)).toEqual([]);
    await staff.page.getByLabel('Search by name or email').fill('nobody-here');
    await staff.page.getByText('No account matches.').waitFor(LOAD);
    await staff.page.getByLabel('Search by name or email').fill('lin');
    await staff.page.getByRole('button', { name: 'Suspend Lin Qiu' }).click();
    await staff.page.getByText('Lin Qiu is suspended and signed out everywhere.').waitFor();
    await staff.page.getByRole('button', { name: 'Let Lin Qiu back in' }).waitFor();
    await staff.page.screenshot({ path: join(SCREENSHOTS, 'admin-accounts.png'), fullPage: true });

    // Signed out everywhere: the profile sends the visitor to sign in, where the account is refused.
    await page.goto(`${admin.base}/account`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.getByLabel('Email address').fill(VISITOR);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This account is suspended.').waitFor();

    // Deleting asks what becomes of the account.
    await staff.page.getByRole('button', { name: 'Delete Lin Qiu' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Delete this account?' });
    await dialog.getByLabel('Anonymise the account').check();
    await dialog.getByRole('button', { name: 'Anonymise the account' }).click();
    await staff.page.getByText('The account is anonymised.').waitFor();
    await staff.page.getByLabel('Search by name or email').fill('');
    await staff.page.getByText('Anonymised account #').waitFor(LOAD);

    await visitor.close();
    await staff.context.close();
  });
});
