import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  apiCall,
  describeInBrowser,
  PASSWORD,
  SCREENSHOTS,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';
import { startSmtp } from '../../../test/fixtures/smtp.js';
import { workerForRuntime } from '../../core/jobs/worker.js';

/**
 * What keeps an account and its saves safe, in chromium against a real server: the password reset
 * link as mailed over SMTP, opened and used, then signed in with; and the CSRF check, a save from
 * the interface accepted while the same request without the session's token is refused.
 */
const LOAD = { timeout: 15_000 };
const NEW_PASSWORD = 'a brand new passphrase 42';

let admin: AdminBrowser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let worker: ReturnType<typeof workerForRuntime>;

beforeAll(async () => {
  smtp = await startSmtp();
  admin = await startAdminBrowser({ SMTP_URL: smtp.url });
  // Mail leaves through the job queue, as under `tessera serve`.
  worker = workerForRuntime(admin.t.runtime, { pollMs: 20 });
  worker.start();
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
  await seedAdminUser(admin, 'mia@example.test', 'author', 'Mia');
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await admin?.close();
  await smtp?.close();
});

/** The reset token of a raw message, whether its body was sent as 7bit or quoted-printable. */
function resetPathOf(raw: string): string {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /\/admin\/reset-password\?token=[A-Za-z0-9_-]+/.exec(decoded);
  if (!match) throw new Error(`no reset link in the mail: ${decoded}`);
  return match[0];
}

describeInBrowser('accounts and saves', () => {
  it('resets a forgotten password from the mailed link, then signs in with the new one', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Reset your password' }).count(), LOAD).toBe(1);
    await page.getByLabel(/^Email address/).fill('mia@example.test');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect
      .poll(() => page.getByText('a link to reset its password is on its way', { exact: false }).count())
      .toBe(1);

    await expect
      .poll(() => smtp.inbox.filter((mail) => mail.to.includes('mia@example.test')).length, LOAD)
      .toBe(1);
    const mail = smtp.inbox.find((each) => each.to.includes('mia@example.test'));
    const link = resetPathOf(mail?.raw ?? '');
    await page.goto(`${admin.base}${link}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Choose a new password' }).count(), LOAD)
      .toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-reset-password.png') });
    // The server's rule, said beside the field before anything is sent.
    await page.getByLabel(/^New password/).fill('short');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect.poll(() => page.getByText(/at least 10/i).count()).toBeGreaterThan(0);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the password' }).click();

    await expect.poll(() => new URL(page.url()).pathname, LOAD).toBe('/admin/login');
    await expect.poll(() => page.getByText('Your password is changed. Sign in with it.').count()).toBe(1);
    await signIn(page, 'mia@example.test', NEW_PASSWORD);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Mia' }).count(), LOAD).toBe(1);
    // The old password no longer opens the account; the link works once.
    const old = await fetch(`${admin.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mia@example.test', password: PASSWORD }),
    });
    expect(old.status).toBe(401);
    await page.goto(`${admin.base}${link}`);
    await page.getByLabel(/^New password/).fill('yet another passphrase 7');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect.poll(() => page.getByRole('alert').count(), LOAD).toBe(1);
    await context.close();
  });

  it('saves from the interface with the CSRF token, and refuses the same request without it', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/content/post`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('heading', { name: 'Posts' }).count(), LOAD).toBe(1);
    const created = await apiCall(page, admin.base, 'POST', '/api/posts', { title: 'Tide tables' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const stored = async () => (await apiCall(page, admin.base, 'GET', `/api/posts/${id}`)).body.data;

    await page.goto(`${admin.base}/admin/content/post/${id}`);
    await expect.poll(() => page.getByLabel(/^Title/).inputValue(), LOAD).toBe('Tide tables');
    const sent = page.waitForRequest(
      (request) => request.method() === 'PUT' && /\/api\/(content\/post|posts)\/\d+$/.test(request.url()),
    );
    await page.getByLabel(/^Title/).fill('Tide tables 2027');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const save = await sent;
    expect(save.headers()['x-csrf-token']).toMatch(/.{20,}/);
    expect((await save.response())?.status()).toBe(200);
    const after = await stored();
    expect(after.title).toBe('Tide tables 2027');

    // The same save, from the page itself (its cookie goes along), with a new title and the current
    // version: refused without the token, and with a wrong one; nothing changes.
    const replay = (token: string | null) =>
      page.evaluate(
        async ({ url, body, token }) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (token) headers['x-csrf-token'] = token;
          const answer = await fetch(url, { method: 'PUT', headers, body, credentials: 'same-origin' });
          return { status: answer.status, code: ((await answer.json()) as { code?: string }).code };
        },
        {
          url: save.url(),
          body: JSON.stringify({ ...save.postDataJSON(), title: 'Forged title', version: after.version }),
          token,
        },
      );
    expect(await replay(null)).toEqual({ status: 403, code: 'csrf_token_invalid' });
    expect(await replay('not-the-session-token')).toEqual({ status: 403, code: 'csrf_token_invalid' });
    const unchanged = await stored();
    expect({ title: unchanged.title, version: unchanged.version }).toEqual({
      title: 'Tide tables 2027',
      version: after.version,
    });
    // The request itself was sound: with the session's token it goes through.
    expect((await replay(save.headers()['x-csrf-token'] ?? null)).status).toBe(200);
    expect((await stored()).title).toBe('Forged title');
    await context.close();
  });
});
