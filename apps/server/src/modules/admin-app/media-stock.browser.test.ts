import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
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
import { phoneJpeg } from '../../../test/fixtures/media-files.js';
import { type StockServers, startStockServers } from '../../../test/fixtures/stock-servers.js';

/**
 * Stock photos in chromium against a real server, the providers played by a loopback server that
 * speaks Unsplash's and Pexels's APIs: first with no key (what an admin and an author are told),
 * then with keys set through the API: a search with its credits, more results, two photos imported
 * into a folder and found in the library with their credit, a refused key, no results; then the
 * media picker, where an imported photo is chosen for an entry.
 */
const ROOT = 'root@example.test';
const ADA = 'ada@example.test';
const AUTHOR = 'author@example.test';

let admin: AdminBrowser;
let stock: StockServers;

beforeAll(async () => {
  stock = await startStockServers(await phoneJpeg(640, 480));
  admin = await startAdminBrowser({
    STOCK_UNSPLASH_URL: stock.url,
    STOCK_PEXELS_URL: stock.url,
    RATE_LIMIT_UPLOAD: '100000',
  });
  await seedAdminUser(admin, ROOT, 'super_admin', 'Root');
  await seedAdminUser(admin, ADA, 'admin', 'Ada');
  await seedAdminUser(admin, AUTHOR, 'author', 'Arthur');
}, 120_000);

afterAll(async () => {
  await admin?.close();
  await stock?.close();
});

interface Media {
  id: number;
  original_name: string;
  folder_id: number | null;
  credit: { photographer: string; provider: string; license: string; source_url: string } | null;
}

async function signedIn(email: string, path: string): Promise<Page> {
  const { page } = await admin.open();
  await page.goto(`${admin.base}/admin${path}`);
  await signIn(page, email);
  // Signed in: the shell's navigation shows (API calls made before would have no session).
  await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
  return page;
}

async function library(page: Page): Promise<Media[]> {
  const answer = await apiCall(page, admin.base, 'GET', '/api/media?page=1&limit=100');
  expect(answer.status).toBe(200);
  return answer.body.data as Media[];
}

async function openStock(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Stock photos', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Stock photos' });
  await expect.poll(() => dialog.count()).toBe(1);
  return dialog;
}

/**
 * The keys (write-only) and, for the loopback stand-in, imports from private addresses (a Super
 * Admin's switch): through the API, as the settings screen has its own test.
 */
async function setKeys(page: Page): Promise<void> {
  const keys = await apiCall(page, admin.base, 'PUT', '/api/settings/media', {
    unsplash_access_key: stock.unsplashKey,
    pexels_api_key: stock.pexelsKey,
    allow_private_sources: true,
  });
  expect(keys.status, JSON.stringify(keys.body)).toBe(200);
}

/** Nothing sticks out sideways at a phone's width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describeInBrowser('stock photos in the media library', () => {
  it('says where the key goes when no provider has one: a link for an admin, who can for an author', async () => {
    const page = await signedIn(ADA, '/media');
    const dialog = await openStock(page);
    await expect
      .poll(() => dialog.getByText('No stock photo source is set up yet', { exact: false }).count())
      .toBe(1);
    const link = dialog.getByRole('link', { name: 'Add a key in the media settings' });
    expect(await link.count()).toBe(1);
    // Nothing to search or import yet.
    expect(await dialog.getByRole('search').count()).toBe(0);
    expect(await violations(page, '[role=dialog]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-stock-no-key.png') });
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/settings/media');
    await expect.poll(() => page.getByLabel('Unsplash access key').count()).toBe(1);
    await page.context().close();

    const author = await signedIn(AUTHOR, '/media');
    const theirs = await openStock(author);
    await expect.poll(() => theirs.getByText('An administrator can add one.').count()).toBe(1);
    expect(await theirs.getByRole('link', { name: 'Add a key in the media settings' }).count()).toBe(0);
    await author.context().close();
  });

  it('searches with the credit shown, imports two photos into a folder, and they are in the library with it', async () => {
    const page = await signedIn(ROOT, '/media');
    await setKeys(page);
    const folder = await apiCall(page, admin.base, 'POST', '/api/media/folders', { name: 'Coast' });
    expect(folder.status).toBe(201);
    await page.reload();

    const dialog = await openStock(page);
    const source = dialog.getByRole('radiogroup', { name: 'Source' });
    await expect.poll(() => source.getByRole('radio').count()).toBe(2);
    expect(await source.getByRole('radio', { name: 'Unsplash' }).isChecked()).toBe(true);
    await expect
      .poll(() =>
        dialog.getByText('Search Unsplash for photos to add to the library', { exact: false }).count(),
      )
      .toBe(1);
    await dialog.getByLabel('Search words').fill('lighthouse');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();

    const grid = dialog.getByRole('list', { name: 'Photos found on Unsplash' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(2);
    expect(await dialog.getByText('133 photos on Unsplash').count()).toBe(1);
    // The credit the providers' terms ask for: the photographer and the provider, both linked.
    const first = grid.getByRole('listitem').first();
    expect(await first.textContent()).toContain('Photo by Ada Lovelace (opens in a new tab) on Unsplash');
    expect(await first.getByRole('link', { name: /^Ada Lovelace/ }).getAttribute('href')).toBe(
      'https://unsplash.com/@ada?utm_source=tessera&utm_medium=referral',
    );
    expect(await first.getByRole('link', { name: /^Unsplash/ }).getAttribute('href')).toBe(
      'https://unsplash.com/photos/Dwu85P9SOIk?utm_source=tessera&utm_medium=referral',
    );
    // The thumbnail is the provider's own picture, loaded.
    await expect
      .poll(() => first.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await first.locator('img').getAttribute('src')).toBe(`${stock.url}/images/Dwu85P9SOIk.jpg?w=200`);

    // More results: the next page is asked for (the stand-in answers the same two photos, shown once).
    const secondPage = page.waitForResponse((answer) => answer.url().includes('page=2'));
    await dialog.getByRole('button', { name: 'More photos' }).click();
    expect((await secondPage).status()).toBe(200);
    await expect.poll(() => dialog.getByRole('button', { name: 'More photos' }).isEnabled()).toBe(true);
    expect(await grid.getByRole('listitem').count()).toBe(2);

    // Both ticked (by keyboard for one), into the folder, imported together.
    await dialog.getByRole('checkbox', { name: 'a lighthouse on a cliff (Dwu85P9SOIk)' }).check();
    await dialog.getByRole('checkbox', { name: 'a lighthouse on a cliff (abc_123)' }).focus();
    await page.keyboard.press('Space');
    expect(
      await dialog.getByRole('checkbox', { name: 'a lighthouse on a cliff (abc_123)' }).isChecked(),
    ).toBe(true);
    await dialog.getByRole('combobox', { name: 'Import into' }).click();
    await page.getByRole('option', { name: 'Coast (0)' }).click();
    expect(await violations(page, '[role=dialog]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Import 2 photos' }).click();
    await expect.poll(() => grid.getByText('In the library').count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => dialog.getByText('The 2 photos are in the library, with their credit.').count())
      .toBe(1);
    // Imported: not offered again.
    expect(
      await dialog.getByRole('checkbox', { name: 'a lighthouse on a cliff (abc_123)' }).isDisabled(),
    ).toBe(true);
    expect(await violations(page, '[role=dialog]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-stock.png') });

    const imported = (await library(page)).filter((media) => media.credit?.provider === 'unsplash');
    expect(imported.map((media) => media.original_name).sort()).toEqual([
      'unsplash-Dwu85P9SOIk',
      'unsplash-abc_123',
    ]);
    for (const media of imported) {
      expect(media.folder_id).toBe(folder.body.data.id);
      expect(media.credit).toMatchObject({ photographer: 'Ada Lovelace', license: 'Unsplash License' });
    }
    // Unsplash's terms: each download told to Unsplash.
    expect([...stock.tracked].sort()).toEqual(['Dwu85P9SOIk', 'abc_123']);

    // Another provider: the same words, its own credit.
    await source.getByRole('radio', { name: 'Pexels' }).check();
    const pexels = dialog.getByRole('list', { name: 'Photos found on Pexels' });
    await expect.poll(() => pexels.getByRole('listitem').count()).toBe(2);
    expect(await pexels.getByRole('listitem').first().textContent()).toContain(
      'Photo by Grace Hopper (opens in a new tab) on Pexels',
    );
    // Nothing found.
    await dialog.getByLabel('Search words').fill('nothing');
    await dialog.getByLabel('Search words').press('Enter');
    await expect.poll(() => dialog.getByText('No photos on Pexels match “nothing”.').count()).toBe(1);

    // The library behind shows them; an item's details show its credit.
    await dialog.getByRole('button', { name: 'Close the stock photos' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'unsplash-Dwu85P9SOIk', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'unsplash-Dwu85P9SOIk' });
    await expect.poll(() => details.getByLabel('Author or photographer').inputValue()).toBe('Ada Lovelace');
    expect(await details.getByLabel('Licence').inputValue()).toBe('Unsplash License');
    expect(await details.getByLabel('Source page').inputValue()).toBe(
      'https://unsplash.com/photos/Dwu85P9SOIk?utm_source=tessera&utm_medium=referral',
    );
    await details.getByLabel('Author or photographer').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-stock-credit.png') });
    await details.getByRole('button', { name: 'Close the details' }).click();
    await expect.poll(() => details.count()).toBe(0);

    // A key the provider refuses: said so, with the way to the settings.
    await apiCall(page, admin.base, 'PUT', '/api/settings/media', { unsplash_access_key: 'revoked' });
    await openStock(page);
    await dialog.getByRole('radiogroup', { name: 'Source' }).getByRole('radio', { name: 'Unsplash' }).check();
    await dialog.getByLabel('Search words').fill('harbour');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').filter({ hasText: 'Unsplash refused the API key' }).count())
      .toBe(1);
    expect(await dialog.getByRole('link', { name: 'Add a key in the media settings' }).count()).toBe(1);
    expect(await violations(page, '[role=dialog]')).toEqual([]);

    // A phone's width: the dialog takes the screen and nothing sticks out.
    await apiCall(page, admin.base, 'PUT', '/api/settings/media', { unsplash_access_key: stock.unsplashKey });
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.getByLabel('Search words').fill('lighthouse');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(2);
    await expect
      .poll(() => dialog.evaluate((element) => Math.round(element.getBoundingClientRect().width)))
      .toBe(390);
    expect(await fitsWidth(page)).toBe(true);
    expect(await violations(page, '[role=dialog]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-stock-phone.png') });
    await page.context().close();
  });

  it("imports and picks a photo in the entry editor's media picker", async () => {
    const page = await signedIn(ROOT, '/content/post/new');
    await setKeys(page);
    await page.reload();
    await page.getByRole('button', { name: 'Choose: Featured image' }).click();
    const picker = page.getByRole('dialog', { name: 'Featured image' });
    await picker.getByRole('button', { name: 'Stock photos', exact: true }).click();
    // The focus follows into the stock photos.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Back to the library');
    await picker.getByRole('radiogroup', { name: 'Source' }).getByRole('radio', { name: 'Pexels' }).check();
    await picker.getByLabel('Search words').fill('harbour');
    await picker.getByRole('button', { name: 'Search', exact: true }).click();
    const grid = picker.getByRole('list', { name: 'Photos found on Pexels' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(2);
    // One image goes here: ticking another unticks the first.
    await grid.getByRole('checkbox').first().check();
    await grid.getByRole('checkbox').last().check();
    expect(await grid.getByRole('checkbox', { checked: true }).count()).toBe(1);
    await picker.getByRole('button', { name: 'Import 1 photo' }).click();
    await expect.poll(() => grid.getByText('In the library').count(), { timeout: 30_000 }).toBe(1);
    // Imported and chosen: the picker's choice is it.
    await expect.poll(() => picker.getByRole('button', { name: 'Choose (1)' }).isEnabled()).toBe(true);
    expect(await violations(page, '[role=dialog]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-stock-picker.png') });
    await picker.getByRole('button', { name: 'Choose (1)' }).click();
    await expect.poll(() => picker.count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Remove: pexels-2014423' }).count()).toBe(1);
    const chosen = (await library(page)).find((media) => media.original_name === 'pexels-2014423');
    expect(chosen?.credit).toMatchObject({ photographer: 'Grace Hopper', provider: 'pexels' });
    await page.context().close();
  });
});
