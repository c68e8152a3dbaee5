import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  apiCall,
  describeInBrowser,
  PASSWORD,
  seedAdminUser,
  startAdminBrowser,
} from '../../../test/admin-browser.js';

/**
 * The main screens as a French user sees them, in chromium against a real server: no English word
 * left among the words on screen (the built-in types' and fields' labels, the default category and
 * the entry editor's links included), and no block name in the builder's palette cut short.
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
const LOAD = { timeout: 10_000 };

/** English words a French screen must not show (whole words, as written). */
const ENGLISH = ['Posts', 'Save', 'Content', 'Uncategorized', 'Settings', 'Comments', 'Publish', 'Users'];

/** The English words among what the page shows, once it has its heading. */
async function englishOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return ENGLISH.filter((word) => new RegExp(`\\b${word}\\b`).test(text));
}

describeInBrowser('the French interface', () => {
  it('leaves no English word on the main screens, and cuts no block name short', async () => {
    const { context, page } = await admin.open({ locale: 'fr-FR' });
    await page.goto(`${admin.base}/admin`);
    await page.getByLabel('Adresse e-mail').fill('ada@example.test');
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // The sign-in page follows the browser; the screens after it, the profile's language.
    await expect
      .poll(() => page.getByRole('heading', { name: /^(Welcome|Bienvenue), Ada$/ }).count(), LOAD)
      .toBe(1);
    expect((await apiCall(page, admin.base, 'PUT', '/api/me', { locale: 'fr' })).status).toBe(200);
    // A post in the default category, and a page for the builder.
    const post = await apiCall(page, admin.base, 'POST', '/api/posts', { title: 'Marée basse' });
    expect(post.status).toBe(201);
    const sheet = await apiCall(page, admin.base, 'POST', '/api/pages', { title: 'Accueil' });
    expect(sheet.status).toBe(201);

    const screens: Array<[path: string, heading: string]> = [
      ['/admin', 'Bienvenue, Ada'],
      ['/admin/content/post', 'Articles'],
      [`/admin/content/post/${post.body.data.id}`, 'Marée basse'],
      ['/admin/media', 'Médias'],
      ['/admin/comments', 'Commentaires'],
      ['/admin/taxonomies/category', 'Catégories'],
      ['/admin/settings/general', 'Réglages'],
      ['/admin/users', 'Utilisateurs'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(`${admin.base}${path}`);
      await expect
        .poll(() => page.getByRole('heading', { name: heading, exact: true, level: 1 }).count(), {
          ...LOAD,
          message: path,
        })
        .toBe(1);
      // The lists and panels that load after the heading.
      await page.waitForLoadState('networkidle');
      expect(await englishOn(page), path).toEqual([]);
    }
    // The editor's way back and its body field, the list's category column, the category itself.
    await page.goto(`${admin.base}/admin/content/post/${post.body.data.id}`);
    await expect.poll(() => page.getByRole('link', { name: '← Articles' }).count(), LOAD).toBe(1);
    await expect.poll(() => page.getByText('Contenu', { exact: true }).count(), LOAD).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Non classé' }).count(), LOAD).toBe(1);

    // The builder's palette: every block name whole, however long in French.
    await page.goto(`${admin.base}/admin/builder/page/${sheet.body.data.id}`);
    await expect.poll(() => page.locator('.builder-palette-item').count(), LOAD).toBeGreaterThan(10);
    const cut = await page.locator('.builder-palette-item').evaluateAll((items) =>
      items
        .filter((item) => {
          const label = item.querySelector('[class*="Button-label"]') ?? item;
          return label.scrollWidth > label.clientWidth + 1 || item.scrollWidth > item.clientWidth + 1;
        })
        .map((item) => item.textContent),
    );
    expect(cut).toEqual([]);
    expect(await englishOn(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
