import { join } from 'node:path';
import type { Page } from 'playwright-core';
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

/**
 * What the server says, in the French interface, in chromium against a real server: a refusal of
 * the server beside its field, written in French by the server itself for a French user, and what a
 * permission allows in the role matrix and what a webhook event says happened, which the server
 * describes in English and the admin says in French.
 */
let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

/** Sign-in and lazy chunks take more than `expect.poll`'s default second on a busy machine. */
const poll = <T>(check: () => T | Promise<T>) => expect.poll(check, { timeout: 10_000 });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).count();

describeInBrowser("the server's words in the French interface", () => {
  it('says a refusal, a permission and a webhook event in French', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/webhooks`);
    await signIn(page, 'ada@example.test');
    await poll(() => heading(page, 'Webhooks')).toBe(1);
    expect((await apiCall(page, admin.base, 'PUT', '/api/me', { locale: 'fr' })).status).toBe(200);

    // A webhook event says what happened in French, its type in the interface's words.
    await page.goto(`${admin.base}/admin/webhooks/new`);
    await poll(() => heading(page, 'Nouveau webhook')).toBe(1);
    await poll(() =>
      page.getByText('Une entrée de type article a été publiée (à la main ou à l’heure prévue)').count(),
    ).toBe(1);
    await page.getByRole('checkbox', { name: 'post.published', exact: true }).check();
    // The server refuses a private address (422 on url): said in French beside the address.
    await page.getByLabel(/^Adresse \(URL\)/).fill('http://127.0.0.1:9/hook');
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/webhooks',
    );
    await page.getByRole('button', { name: 'Créer le webhook' }).click();
    // The admin asks for its interface's language, not the browser's (English here).
    expect((await sent).headers()['accept-language']).toBe('fr');
    await poll(() =>
      page
        .getByText(
          '127.0.0.1 est une adresse privée ou réservée ; le réglage allow_private_targets des webhooks permet de l’utiliser.',
        )
        .count(),
    ).toBe(1);
    expect(await page.getByText(/private or reserved/).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-webhook-refused-fr.png'), fullPage: true });
    expect((await apiCall(page, admin.base, 'GET', '/api/webhooks?page=1&limit=20')).body.data).toEqual([]);

    // The role matrix says what each permission allows in French.
    await page.goto(`${admin.base}/admin/roles/new`);
    await poll(() => heading(page, 'Nouveau rôle')).toBe(1);
    const publishOthers = page.getByRole('checkbox', { name: 'posts.publish_others', exact: true });
    await poll(() => publishOthers.getAttribute('title')).toBe(
      'Publier et programmer les articles des autres utilisateurs',
    );
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
