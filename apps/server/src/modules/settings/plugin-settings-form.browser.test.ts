import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { activatePlugin, installPlugin } from '../../core/plugins/plugin-admin.js';
import { allMigrationSources } from '../../lifecycle.js';

/**
 * A plugin's settings in chromium: the form the admin generates from the group's schema, with no
 * admin code of the plugin's, in the words its author gave the schema.
 */
const mailinglist = fileURLToPath(new URL('./fixtures/mailinglist', import.meta.url));
const ADA = 'ada@example.test';
let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser(
    {},
    {
      beforeSetup: async (runtime) => {
        await installPlugin(runtime, mailinglist, await allMigrationSources(runtime));
      },
    },
  );
  const site = await admin.t.runtime.siteStore.findById(admin.siteId);
  if (!site) throw new Error('site missing');
  await activatePlugin(admin.t.runtime, 'mailinglist', site);
  await seedAdminUser(admin, ADA, 'admin', 'Ada');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

describeInBrowser("a plugin's settings form", () => {
  it('is generated from its schema: titles as labels, descriptions as help, choices, bounds and a secret', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/settings/mailinglist`);
    await signIn(page, ADA);
    await expect.poll(() => page.getByRole('heading', { name: 'Mailing list', level: 2 }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Mailing list' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Where the mailing list is sent from').count()).toBe(1);
    const hour = page.getByRole('textbox', { name: 'Sending hour' });
    const help = await hour.evaluate(
      (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(help).toBe("In the site's time zone");
    expect(await page.getByText('Not set.').count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    // Out of the schema's bounds: said beside the field before any request.
    await hour.fill('24');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Must be at most 23.').count()).toBe(1);

    await hour.fill('7');
    await page.getByRole('combobox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: 'Mailer' }).click();
    await page.getByRole('textbox', { name: 'Footer' }).fill('See you next week.');
    await page.getByRole('textbox', { name: 'API key' }).fill('nl-secret-42');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Settings saved.').count()).toBe(1);
    expect(await page.getByText('Set. Type a new value to replace it.').count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'API key' }).inputValue()).toBe('');
    const saved = await apiCall(page, admin.base, 'GET', '/api/settings/mailinglist');
    expect(saved.body.data).toEqual({
      provider: 'mailer',
      send_hour: 7,
      footer: 'See you next week.',
      api_key: { set: true },
    });
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-settings-plugin.png'), fullPage: true });
    await context.close();
  });
});
