import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  describeInBrowser,
  SCREENSHOTS,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';
import { installPlugin } from '../../core/plugins/plugin-admin.js';
import { allMigrationSources } from '../../lifecycle.js';

/** The plugins screen in chromium: the example guestbook, installed on the server, switched on and off. */
const guestbook = fileURLToPath(new URL('../../../../../examples/plugin-guestbook', import.meta.url));
let admin: AdminBrowser;
const ADA = 'ada@example.test';

beforeAll(async () => {
  admin = await startAdminBrowser(
    {},
    {
      beforeSetup: async (runtime) => {
        await installPlugin(runtime, guestbook, await allMigrationSources(runtime));
      },
    },
  );
  await seedAdminUser(admin, ADA, 'admin', 'Ada');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

describeInBrowser('the plugins screen', () => {
  it('lists the installed plugins and switches one on and off for the site', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/`);
    await signIn(page, ADA);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Plugins' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Plugins', level: 1 }).count()).toBe(1);
    const row = page.getByRole('row', { name: /guestbook/ });
    await expect.poll(() => row.getByText('Inactive').count()).toBe(1);
    const entries = () => page.request.get(`${admin.base}/api/guestbook/entries`);
    expect((await entries()).status()).toBe(404);
    expect(await violations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Activate guestbook' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'guestbook is active on this site.' }).count())
      .toBe(1);
    await expect.poll(() => row.getByText('Active', { exact: true }).count()).toBe(1);
    expect((await entries()).status()).toBe(200);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-plugins.png'), fullPage: true });

    // Focus stays on the row's button, which now switches it off.
    await row.getByRole('button', { name: 'Deactivate guestbook' }).press('Enter');
    await expect.poll(() => row.getByText('Inactive').count()).toBe(1);
    expect((await entries()).status()).toBe(404);
    await context.close();
  });
});
