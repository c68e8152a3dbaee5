import { rmSync } from 'node:fs';
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
import { mediaNamed, writeSamples } from '../../../test/media-browser.js';

/**
 * Browsing the media library in chromium against a real server: the list view (a table of the
 * files, kept on reload), the folder tree (an item dragged onto a folder is filed there, a folder
 * dragged onto another goes inside it, subfolders included on demand), the filters of spec 4.2
 * (not used anywhere, MIME type, upload dates, uploader) and the sizes and formats in an image's
 * details; each change checked through the API, axe on every state, a phone's width.
 */
let admin: AdminBrowser;
let files: string;
let benId: number;

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
  benId = await seedAdminUser(admin, 'ben@example.test', 'editor', 'Ben');
  files = await writeSamples('tessera-media-library-', {
    'harbour.png': { width: 1800, height: 1200, rgb: [30, 110, 160] },
    'lighthouse.png': { width: 400, height: 600, rgb: [200, 60, 40] },
  });
}, 120_000);

afterAll(async () => {
  await admin?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

interface Variant {
  url: string;
  width: number;
  height: number;
  size: number;
  mime_type: string;
}

interface Media {
  id: number;
  original_name: string;
  folder_id: number | null;
  variants: Record<string, Variant>;
}

interface Folder {
  id: number;
  name: string;
  parent_id: number | null;
  children: Folder[];
}

const item = (page: Page, name: string) => mediaNamed<Media>(page, admin.base, name);

/** Every folder, the tree laid flat. */
async function folders(page: Page): Promise<Folder[]> {
  const answer = await apiCall(page, admin.base, 'GET', '/api/media/folders');
  const flat = (tree: Folder[]): Folder[] => tree.flatMap((folder) => [folder, ...flat(folder.children)]);
  return flat(answer.body.data as Folder[]);
}

const tree = (page: Page) => page.getByRole('list', { name: 'Folders' });
/** A row of the tree: its button is named by the folder, then how many items it holds. */
const place = (page: Page, name: string) =>
  tree(page).getByRole('button', { name: new RegExp(`^${name}( \\d+ items?)?$`) });
const table = (page: Page) => page.getByRole('table', { name: 'Media items' });
const tile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Media items' }).getByRole('button', { name, exact: true });

/** The names the list view shows, in its order. */
async function listed(page: Page): Promise<string[]> {
  return table(page).locator('tbody tr td:nth-child(2)').allTextContents();
}

/** Dragged with the mouse in small steps: dnd-kit starts after a few pixels and follows each move. */
async function drag(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag, or nowhere to drop');
  const x = start.x + start.width / 2;
  const y = start.y + start.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y + 8, { steps: 3 });
  const steps = 15;
  const toX = end.x + end.width / 2;
  const toY = end.y + end.height / 2;
  for (let step = 1; step <= steps; step++)
    await page.mouse.move(x + ((toX - x) * step) / steps, y + ((toY - y) * step) / steps, { steps: 2 });
  // The place says it would take what is dragged before the pointer lets go.
  await expect.poll(() => to.locator('xpath=..').getAttribute('data-drop')).toBe('over');
  await page.mouse.up();
}

describeInBrowser('browsing the media library', () => {
  it('lists, files by dragging, filters and shows the variants', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/media`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('heading', { name: 'Media', exact: true }).count()).toBe(1);
    // An empty library: the tree has its two places and says there are no folders yet.
    await expect.poll(() => page.getByText('No folders yet.').count()).toBe(1);
    expect(await place(page, 'All media').getAttribute('aria-current')).toBe('true');
    expect(await violations(page)).toEqual([]);

    await page
      .locator('input[type=file]')
      .setInputFiles([
        join(files, 'harbour.png'),
        join(files, 'lighthouse.png'),
        join(files, 'brochure.pdf'),
      ]);
    await expect.poll(() => tile(page, 'brochure.pdf').count()).toBe(1);
    await expect.poll(() => tile(page, 'harbour.png').count()).toBe(1);
    await expect.poll(() => tile(page, 'lighthouse.png').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear finished uploads' }).click();
    const harbour = await item(page, 'harbour.png');
    const lighthouse = await item(page, 'lighthouse.png');
    const brochure = await item(page, 'brochure.pdf');
    // The lighthouse was uploaded in May 2024, the brochure by Ben; the harbour is a post's image.
    const media = admin.t.runtime.data.site(admin.siteId);
    await media
      .updateTable('media')
      .set({ created_at: '2024-05-10T10:00:00.000Z' })
      .where('id', '=', lighthouse.id)
      .execute();
    await media.updateTable('media').set({ uploaded_by: benId }).where('id', '=', brochure.id).execute();
    const post = await apiCall(page, admin.base, 'POST', '/api/content/post', {
      title: 'At the harbour',
      featured_media_id: harbour.id,
    });
    expect(post.status).toBe(201);
    await page.reload();

    // The list view: a table of the files with their facts, chosen again after a reload.
    const layout = page.getByRole('group', { name: 'Show as' });
    await layout.getByRole('button', { name: 'List' }).click();
    // Newest first; the two uploaded together in either order.
    await expect.poll(async () => (await listed(page)).at(-1)).toBe('lighthouse.png');
    expect((await listed(page)).sort()).toEqual(['brochure.pdf', 'harbour.png', 'lighthouse.png']);
    const headers = await table(page).locator('thead th').allTextContents();
    expect(headers).toEqual(['Preview', 'Name', 'Type', 'Size', 'Dimensions', 'Uploaded by', 'Uploaded']);
    const harbourRow = table(page).getByRole('row').filter({ hasText: 'harbour.png' });
    expect(await harbourRow.getByText('image/webp').count()).toBe(1);
    expect(await harbourRow.getByText('1800 × 1200 px').count()).toBe(1);
    expect(await harbourRow.getByText('Ada').count()).toBe(1);
    const brochureRow = table(page).getByRole('row').filter({ hasText: 'brochure.pdf' });
    expect(await brochureRow.getByText('application/pdf').count()).toBe(1);
    // Another user's name comes with a query of its own (the signed-in user's is known at once).
    await expect.poll(() => brochureRow.getByText('Ben').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('tessera.media.layout'))).toBe('list');
    await page.reload();
    await expect.poll(() => table(page).count()).toBe(1);
    expect(await layout.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(await violations(page)).toEqual([]);

    // The name opens the details, as a tile does: the sizes and formats the server made.
    await table(page).getByRole('button', { name: 'harbour.png' }).click();
    const drawer = page.getByRole('dialog', { name: 'harbour.png' });
    const variants = drawer.getByRole('table', { name: 'Sizes and formats' });
    await expect.poll(() => variants.count()).toBe(1);
    const made = harbour.variants;
    expect(Object.keys(made).sort()).toEqual(['full', 'large', 'medium', 'thumbnail']);
    const labels = { thumbnail: 'Thumbnail', medium: 'Medium', large: 'Large', full: 'Full size' };
    for (const [name, label] of Object.entries(labels)) {
      const variant = made[name] as Variant;
      const row = variants.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
      expect(await row.getByText(`${variant.width} × ${variant.height} px`).count()).toBe(1);
      expect(await row.getByText('WebP').count()).toBe(1);
      const link = row.getByRole('link', { name: `Open ${label} (WebP) in a new tab` });
      expect(await link.getAttribute('href')).toBe(variant.url);
    }
    expect(made.thumbnail).toMatchObject({ width: 150, height: 150 });
    // The link serves the file.
    const served = await page.request.get(`${admin.base}${made.medium?.url}`);
    expect(served.headers()['content-type']).toBe('image/webp');
    await expect
      .poll(() => drawer.evaluate((element) => Math.round(element.getBoundingClientRect().right)))
      .toBe(page.viewportSize()?.width);
    expect(await violations(page)).toEqual([]);
    await variants.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-variants.png') });
    await drawer.getByRole('button', { name: 'Close the details' }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    // A PDF is kept as sent: no sizes, and the details say so.
    await table(page).getByRole('button', { name: 'brochure.pdf' }).click();
    const pdf = page.getByRole('dialog', { name: 'brochure.pdf' });
    await expect
      .poll(() => pdf.getByText('No other sizes: the file is served as it was uploaded.').count())
      .toBe(1);
    await pdf.getByRole('button', { name: 'Close the details' }).click();
    await expect.poll(() => pdf.count()).toBe(0);

    // Two folders, made from the tree's panel.
    for (const name of ['Harbour', 'Boats']) {
      await place(page, 'All media').click();
      await page.getByRole('button', { name: 'New folder' }).click();
      const dialog = page.getByRole('dialog', { name: 'New folder' });
      await dialog.getByLabel(/^Name/).fill(name);
      await dialog.getByRole('button', { name: 'Create the folder' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => place(page, name).getAttribute('aria-current')).toBe('true');
    }
    await place(page, 'All media').click();
    await expect.poll(() => listed(page)).toHaveLength(3);
    const [harbourFolder, boatsFolder] = await Promise.all(
      ['Harbour', 'Boats'].map(async (name) => (await folders(page)).find((folder) => folder.name === name)),
    );

    // A row of the list dragged onto a folder: filed there, and said so.
    await drag(page, table(page).getByRole('row').filter({ hasText: 'harbour.png' }), place(page, 'Harbour'));
    await expect.poll(async () => (await item(page, 'harbour.png')).folder_id).toBe(harbourFolder?.id);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: '“harbour.png” moved to Harbour.' }).count())
      .toBe(1);
    await expect.poll(() => place(page, 'Harbour').textContent()).toContain('1');

    // A folder dragged onto another goes inside it; its parent folds it away on demand.
    await drag(page, place(page, 'Boats'), place(page, 'Harbour'));
    await expect
      .poll(async () => (await folders(page)).find((folder) => folder.name === 'Boats')?.parent_id)
      .toBe(harbourFolder?.id);
    const fold = tree(page).getByRole('button', { name: 'Hide the folders in Harbour' });
    await expect.poll(() => fold.count()).toBe(1);
    await fold.click();
    await expect.poll(() => place(page, 'Boats').count()).toBe(0);
    await tree(page).getByRole('button', { name: 'Show the folders in Harbour' }).click();
    await expect.poll(() => place(page, 'Boats').count()).toBe(1);

    // A tile of the grid dragged onto the subfolder.
    await layout.getByRole('button', { name: 'Grid' }).click();
    await drag(page, tile(page, 'lighthouse.png'), place(page, 'Boats'));
    await expect.poll(async () => (await item(page, 'lighthouse.png')).folder_id).toBe(boatsFolder?.id);

    // Harbour alone, then with its subfolders.
    await place(page, 'Harbour').click();
    await expect.poll(() => tile(page, 'lighthouse.png').count()).toBe(0);
    await expect.poll(() => tile(page, 'harbour.png').count()).toBe(1);
    await page.getByLabel('Include subfolders').check();
    await expect.poll(() => tile(page, 'lighthouse.png').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-folders.png'), fullPage: true });

    // Not in a folder: the brochure only.
    await place(page, 'Not in a folder').click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Media items' }).getByRole('button').count())
      .toBe(1);
    expect(await tile(page, 'brochure.pdf').count()).toBe(1);
    await place(page, 'All media').click();
    await layout.getByRole('button', { name: 'List' }).click();
    await expect.poll(() => listed(page)).toHaveLength(3);

    // The further filters: used nowhere leaves out the post's image.
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByRole('combobox', { name: 'Usage' }).click();
    await page.getByRole('option', { name: 'Not used anywhere' }).click();
    await expect.poll(() => listed(page)).toEqual(['brochure.pdf', 'lighthouse.png']);
    await page.getByRole('combobox', { name: 'Usage' }).click();
    await page.getByRole('option', { name: 'In use' }).click();
    await expect.poll(() => listed(page)).toEqual(['harbour.png']);
    await page.getByRole('combobox', { name: 'Usage' }).click();
    await page.getByRole('option', { name: 'Used or not' }).click();
    await expect.poll(() => listed(page)).toHaveLength(3);

    // A MIME type: a malformed one is named and not sent; a right one narrows.
    const mime = page.getByRole('combobox', { name: 'MIME type' });
    await mime.fill('pdf');
    await expect
      .poll(() => page.getByText('A MIME type looks like image/webp or application/pdf.').count())
      .toBe(1);
    await mime.fill('application/pdf');
    await expect.poll(() => listed(page)).toEqual(['brochure.pdf']);
    await mime.fill('');
    await expect.poll(() => listed(page)).toHaveLength(3);

    // Upload dates, whole days: May 2024 holds the lighthouse only; from 2025 on, the others.
    await page.getByLabel('Uploaded until').fill('2024-05-31');
    await expect.poll(() => listed(page)).toEqual(['lighthouse.png']);
    await page.getByLabel('Uploaded from').fill('2024-05-10');
    await expect.poll(() => listed(page)).toEqual(['lighthouse.png']);
    await page.getByLabel('Uploaded from').fill('2024-05-11');
    await expect.poll(() => page.getByText('Nothing matches these filters.').count()).toBe(1);
    await page.getByLabel('Uploaded until').fill('');
    await page.getByLabel('Uploaded from').fill('2025-01-01');
    await expect.poll(async () => (await listed(page)).sort()).toEqual(['brochure.pdf', 'harbour.png']);
    // The end before the start: said beside it, not sent.
    await page.getByLabel('Uploaded until').fill('2024-12-31');
    await expect.poll(() => page.getByText('The last day comes before the first.').count()).toBe(1);
    await expect.poll(async () => (await listed(page)).sort()).toEqual(['brochure.pdf', 'harbour.png']);
    expect(await page.getByRole('button', { name: 'More filters (2)' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Clear these filters' }).click();
    await expect.poll(() => listed(page)).toHaveLength(3);

    // Who uploaded it.
    await page.getByRole('combobox', { name: 'Uploaded by' }).click();
    await page.getByRole('option', { name: 'Ben' }).click();
    await expect.poll(() => listed(page)).toEqual(['brochure.pdf']);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-list.png'), fullPage: true });
    await page.getByRole('combobox', { name: 'Uploaded by' }).click();
    await page.getByRole('option', { name: 'Me (Ada)' }).click();
    await expect.poll(() => listed(page)).toEqual(['harbour.png', 'lighthouse.png']);

    // A phone's width: the tree folds under one button, the table scrolls inside itself.
    await page.setViewportSize({ width: 390, height: 844 });
    const folderButton = page.getByRole('button', { name: 'Folder: All media', exact: true });
    await expect.poll(() => folderButton.isVisible()).toBe(true);
    expect(await folderButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-list-phone.png'), fullPage: true });
    await folderButton.click();
    await place(page, 'Harbour').click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Folder: Harbour', exact: true }).count())
      .toBe(1);
    await expect.poll(() => listed(page)).toEqual(['harbour.png', 'lighthouse.png']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-tree-phone.png'), fullPage: true });
    await context.close();
  });
  it('keeps text readable on a dark brand colour: a chosen folder on navy passes axe', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/media`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('heading', { name: 'Media', exact: true }).count()).toBe(1);
    const branded = await apiCall(page, admin.base, 'PUT', '/api/site/branding', {
      primary_color: '#0b3d91',
    });
    expect(branded.status, JSON.stringify(branded.body)).toBe(200);
    const folder = await apiCall(page, admin.base, 'POST', '/api/media/folders', { name: 'Navy' });
    expect(folder.status, JSON.stringify(folder.body)).toBe(201);
    await page.reload();
    await place(page, 'Navy').click();
    await expect.poll(() => place(page, 'Navy').getAttribute('aria-current')).toBe('true');
    expect(await violations(page)).toEqual([]);
    // In the dark scheme too, the tree (the rest of the screen's dimmed text is not the brand's).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await place(page, 'Navy').click();
    await expect.poll(() => place(page, 'Navy').getAttribute('aria-current')).toBe('true');
    expect(await violations(page, 'section[aria-labelledby="media-folders-heading"]')).toEqual([]);
    await apiCall(page, admin.base, 'PUT', '/api/site/branding', { primary_color: null });
    await context.close();
  });
});
