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
} from '../../../test/admin-browser.js';

/**
 * White-label (spec 1) in chromium: with a branding name set, no screen a user reaches says the
 * vendor's name, in its text, in what assistive technology reads (labels, titles, alt texts,
 * placeholders) or in the browser tab's title, which names the site's system name instead.
 */
let admin: AdminBrowser;
const ADA = 'ada@example.test';
const BRAND = 'Quayside Studio';
const VENDOR = /tessera/i;
/** A screen loads its chunks first: a busy machine needs more than 5 s. */
const LOAD = { timeout: 15_000 };

beforeAll(async () => {
  admin = await startAdminBrowser();
  // A Super Admin reaches every screen there is: the jobs and the sites too.
  await seedAdminUser(admin, ADA, 'super_admin', 'Ada');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

/** Everything on the page a person sees or hears: its text, and the words only attributes hold. */
function whatAUserMeets(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'alt', 'placeholder', 'aria-description'];
    const said = Array.from(document.querySelectorAll('*')).flatMap((element) =>
      attributes.map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...said].join('\n');
  });
}

/** The screen at `path` once `ready` shows, with no vendor name and the brand in the tab's title. */
async function expectUnbranded(page: Page, path: string, ready: () => Promise<number>) {
  await page.goto(`${admin.base}/admin${path}`);
  await expect.poll(ready, LOAD).toBeGreaterThan(0);
  // Late parts of a screen (lists, counts) answer after its heading.
  await page.waitForLoadState('networkidle');
  const met = await whatAUserMeets(page);
  const leak = met.split('\n').find((line) => VENDOR.test(line));
  expect(leak, `${path} shows the vendor's name`).toBeUndefined();
  expect(await page.title(), path).toMatch(new RegExp(`${BRAND}$`));
}

describeInBrowser('white-label', () => {
  it('shows no vendor name on any main screen once the site has a branding name', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/`);
    await signIn(page, ADA);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Ada' }).count(), LOAD).toBe(1);
    const branded = await apiCall(page, admin.base, 'PUT', '/api/site/branding', { name: BRAND });
    expect(branded.status, JSON.stringify(branded.body)).toBe(200);
    const post = await apiCall(page, admin.base, 'POST', '/api/posts', { title: 'Harbour lights' });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const heading = (name: string) => () => page.getByRole('heading', { name, level: 1 }).count();

    await expectUnbranded(page, '/', heading('Welcome, Ada'));
    await expectUnbranded(page, '/content/post', () =>
      page.getByRole('link', { name: 'Harbour lights' }).count(),
    );
    await expectUnbranded(page, `/content/post/${post.body.data.id}`, heading('Harbour lights'));
    await expectUnbranded(page, '/media', heading('Media'));
    await expectUnbranded(page, '/appearance/themes', () =>
      page.getByRole('heading', { name: 'Default theme' }).count(),
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-white-label-themes.png'), fullPage: true });
    await expectUnbranded(page, '/webhooks', heading('Webhooks'));
    await expectUnbranded(page, '/plugins', heading('Plugins'));
    await expectUnbranded(page, '/profile', heading('Your profile'));
    await expectUnbranded(page, '/users', heading('Users'));
    await expectUnbranded(page, '/roles', heading('Roles'));
    await expectUnbranded(page, '/jobs', heading('Background jobs'));
    await expectUnbranded(page, '/sites', heading('Sites'));

    // Every settings tab there is, each by its own address.
    await page.goto(`${admin.base}/admin/settings`);
    const tabs = page.getByRole('tablist', { name: 'Settings groups' }).getByRole('tab');
    await expect.poll(() => tabs.count(), LOAD).toBeGreaterThan(3);
    const names = await tabs.allTextContents();
    for (const name of names) {
      await page.getByRole('tab', { name, exact: true }).click();
      const group = new URL(page.url()).pathname.replace('/admin', '');
      await expectUnbranded(page, group, () => page.getByRole('heading', { name, level: 2 }).count());
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-white-label-settings.png'), fullPage: true });
    await context.close();

    // Before signing in: the sign-in page, and an old setup link.
    const visitor = await admin.open();
    await expectUnbranded(visitor.page, '/login', () =>
      visitor.page.getByRole('heading', { name: `Sign in to ${BRAND}` }).count(),
    );
    await expectUnbranded(visitor.page, '/setup?token=old', () =>
      visitor.page.getByRole('heading', { name: 'Already set up' }).count(),
    );
    await visitor.context.close();
  });
});
