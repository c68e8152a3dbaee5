import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
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
import { libraryOf, mediaNamed, writeSamples } from '../../../test/media-browser.js';

/**
 * The media library in chromium against a real server: a real PNG and a PDF uploaded at once
 * through the file input, the image's alt text edited, the image filed into a new folder that is
 * renamed and deleted, a text file posing as a PNG refused in the server's words, the image deleted
 * after confirming; each change checked through the API. Then the picker, reached from the entry
 * editor's featured image (images only): upload and pick in one go.
 */
let admin: AdminBrowser;
let files: string;

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
  files = await writeSamples('tessera-media-browser-', {
    'harbour.png': { width: 640, height: 400, rgb: [30, 110, 160] },
    'lighthouse.png': { width: 640, height: 400, rgb: [200, 60, 40] },
  });
  writeFileSync(join(files, 'notes.png'), 'Plain words, not a picture at all.\n'.repeat(40));
}, 120_000);

afterAll(async () => {
  await admin?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

interface Media {
  id: number;
  original_name: string;
  alt_text: string;
  type_group: string;
  folder_id: number | null;
  variants: { thumbnail?: { url: string } };
}

const library = (page: Page) => libraryOf<Media>(page, admin.base);

/** axe-core's serious and critical findings inside the first element matching `selector`. */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(async (scope) => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const run = (window as unknown as { axe: { run: (context: Element) => Promise<Result> } }).axe.run;
    const element = document.querySelector(scope);
    if (!element) return [`nothing matches ${scope}`];
    return (await run(element)).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

const item = (page: Page, name: string) => mediaNamed<Media>(page, admin.base, name);

const tile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Media items' }).getByRole('button', { name, exact: true });

describeInBrowser('the media library', () => {
  it('uploads, edits, files into a folder, refuses a fake PNG and deletes after confirming', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/media`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('heading', { name: 'Media', exact: true }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/admin/media');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Media' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.getByText('The media library is empty.', { exact: false }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    // A real PNG through the file input: it shows in the grid as its thumbnail, named by its file.
    // Two files at once: a real PNG and a PDF.
    await page
      .locator('input[type=file]')
      .setInputFiles([join(files, 'harbour.png'), join(files, 'brochure.pdf')]);
    await expect.poll(() => tile(page, 'harbour.png').count()).toBe(1);
    await expect.poll(() => tile(page, 'brochure.pdf').count()).toBe(1);
    const uploaded = await item(page, 'harbour.png');
    // Not a picture: its kind's drawing and extension, no image.
    expect(await tile(page, 'brochure.pdf').locator('img').count()).toBe(0);
    expect((await item(page, 'brochure.pdf')).type_group).toBe('document');
    expect(await tile(page, 'harbour.png').locator('img').getAttribute('src')).toBe(
      uploaded?.variants.thumbnail?.url,
    );
    // Loaded, not a broken image.
    await expect
      .poll(() =>
        tile(page, 'harbour.png')
          .locator('img')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Clear finished uploads' }).click();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media.png'), fullPage: true });

    // The details: the facts, then the alt text saved with PUT and read back from the API.
    await tile(page, 'harbour.png').click();
    const drawer = page.getByRole('dialog', { name: 'harbour.png' });
    // The facts' row (the sizes and formats below list the full size's too).
    await expect.poll(() => drawer.getByRole('row', { name: 'Dimensions 640 × 400 px' }).count()).toBe(1);
    await expect.poll(() => drawer.getByText('Not used anywhere.').count()).toBe(1);
    // Used as a page's second block and a post's featured image: said in words, not paths.
    const quay = await apiCall(page, admin.base, 'POST', '/api/pages', {
      title: 'Quay',
      blocks: [
        { type: 'heading', props: { text: 'Quay' } },
        { type: 'image', props: { media_id: uploaded?.id } },
      ],
    });
    const dawn = await apiCall(page, admin.base, 'POST', '/api/posts', {
      title: 'Dawn',
      featured_media_id: uploaded?.id,
    });
    expect([quay.status, dawn.status]).toEqual([201, 201]);
    await drawer.getByRole('button', { name: 'Close the details' }).click();
    await tile(page, 'harbour.png').click();
    await expect.poll(() => drawer.getByText('Block 2 (Image)', { exact: true }).count()).toBe(1);
    await expect.poll(() => drawer.getByText('Featured image', { exact: true }).count()).toBe(1);
    expect(await drawer.getByText('blocks[1]', { exact: false }).count()).toBe(0);
    // Unused again, so the image can be deleted at the end.
    await apiCall(page, admin.base, 'DELETE', `/api/pages/${quay.body.data.id}?permanent=true`);
    await apiCall(page, admin.base, 'DELETE', `/api/posts/${dawn.body.data.id}?permanent=true`);
    // Slid in all the way before the picture is taken.
    await expect
      .poll(() => drawer.evaluate((element) => Math.round(element.getBoundingClientRect().right)))
      .toBe(page.viewportSize()?.width);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-details.png') });
    await drawer.getByLabel('Alt text').fill('Blue boats in the harbour at dawn');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => drawer.getByText('Saved.').count()).toBe(1);
    const read = await page.request.get(`${admin.base}/api/media/${uploaded?.id}`);
    expect((await read.json()).data.alt_text).toBe('Blue boats in the harbour at dawn');
    expect(await violations(page)).toEqual([]);
    await drawer.getByRole('button', { name: 'Close the details' }).click();
    await expect.poll(() => drawer.count()).toBe(0);

    // A folder, made from the screen; the item moved into it from its details.
    await page.getByRole('button', { name: 'New folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await folderDialog.getByLabel(/^Name/).fill('Harbour');
    await folderDialog.getByRole('button', { name: 'Create the folder' }).click();
    await expect.poll(() => folderDialog.count()).toBe(0);
    const folders = await page.request.get(`${admin.base}/api/media/folders`);
    const [folder] = (await folders.json()).data as { id: number; name: string }[];
    expect(folder?.name).toBe('Harbour');
    // The screen now shows the new (empty) folder.
    await expect.poll(() => page.getByText('Nothing matches these filters.').count()).toBe(1);
    await page.getByRole('list', { name: 'Folders' }).getByRole('button', { name: 'All media' }).click();
    await tile(page, 'harbour.png').click();
    await drawer.getByRole('combobox', { name: 'Folder' }).click();
    await page.getByRole('option', { name: 'Harbour (0)' }).click();
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => drawer.getByText('Saved.').count()).toBe(1);
    expect((await item(page, 'harbour.png')).folder_id).toBe(folder?.id);
    await drawer.getByRole('button', { name: 'Close the details' }).click();
    await expect.poll(() => drawer.count()).toBe(0);

    // The folder shown: renamed, then deleted while it holds the image — refused in the server's
    // words, then done by moving its contents up.
    await page.getByRole('list', { name: 'Folders' }).getByRole('button', { name: 'Harbour 1 item' }).click();
    await expect.poll(() => tile(page, 'harbour.png').count()).toBe(1);
    await page.getByRole('button', { name: 'Rename or move: Harbour' }).click();
    const renaming = page.getByRole('dialog', { name: 'Rename or move “Harbour”' });
    await renaming.getByLabel(/^Name/).fill('Harbour views');
    await renaming.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => renaming.count()).toBe(0);
    const renamed = await page.request.get(`${admin.base}/api/media/folders`);
    expect((await renamed.json()).data[0].name).toBe('Harbour views');
    await page.getByRole('button', { name: 'Delete folder: Harbour views' }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete the folder “Harbour views”?' });
    await deleting.getByRole('button', { name: 'Delete the folder' }).click();
    await expect.poll(() => deleting.getByRole('alert').textContent()).toContain('holds 1 media item');
    expect(await violations(page)).toEqual([]);
    await deleting.getByRole('button', { name: 'Move its contents up, then delete it' }).click();
    await expect.poll(() => deleting.count()).toBe(0);
    const emptied = await page.request.get(`${admin.base}/api/media/folders`);
    expect((await emptied.json()).data).toEqual([]);
    expect((await item(page, 'harbour.png')).folder_id).toBeNull();
    await expect.poll(() => tile(page, 'harbour.png').count()).toBe(1);

    // A text file named .png: the server's reason is shown on its line, nothing is stored.
    await page.locator('input[type=file]').setInputFiles(join(files, 'notes.png'));
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'cannot be told from its contents' }).count())
      .toBe(1);
    expect(await library(page)).toHaveLength(2);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-refused.png'), fullPage: true });

    // Delete, confirmed in the drawer: gone from the grid and from the server.
    await tile(page, 'harbour.png').click();
    await drawer.getByRole('button', { name: 'Delete: harbour.png' }).click();
    await expect.poll(() => drawer.getByText('Delete “harbour.png”?').count()).toBe(1);
    // Nothing is deleted before the confirmation.
    expect(await library(page)).toHaveLength(2);
    await drawer.getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(() => tile(page, 'harbour.png').count()).toBe(0);
    const gone = await page.request.get(`${admin.base}/api/media/${uploaded?.id}`);
    expect(gone.status()).toBe(404);

    // A phone's width: the screen still fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('button', { name: 'Upload files' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-phone.png'), fullPage: true });
    // A document's details on a phone: the drawer takes the whole width, no alt text or focal point.
    await tile(page, 'brochure.pdf').click();
    const pdf = page.getByRole('dialog', { name: 'brochure.pdf' });
    await expect.poll(() => pdf.getByText('application/pdf').count()).toBe(1);
    await expect
      .poll(() => pdf.evaluate((element) => Math.round(element.getBoundingClientRect().width)))
      .toBe(390);
    expect(await pdf.getByLabel('Alt text').count()).toBe(0);
    expect(await pdf.getByRole('group', { name: 'Focal point' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-details-phone.png') });
    await context.close();
  });

  it("picks media in the entry editor's picker, uploading in one go", async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/content/post/new`);
    await signIn(page, 'ada@example.test');
    await page.getByRole('button', { name: 'Choose: Featured image' }).click();
    const picker = page.getByRole('dialog', { name: 'Featured image' });
    // Only images: the kind is not a choice here.
    await expect.poll(() => picker.getByRole('button', { name: 'Upload a file' }).count()).toBe(1);
    expect(await picker.getByRole('combobox', { name: 'Kind' }).count()).toBe(0);
    // The library holds a PDF, which an image's place does not take: not offered.
    await expect
      .poll(() => picker.getByText('Nothing here to choose from yet.', { exact: false }).count())
      .toBe(1);
    expect(await picker.getByRole('button', { name: 'brochure.pdf' }).count()).toBe(0);
    // The list's refetch held back 3 s (a busy server): the upload shows at once all the same.
    const slowList = /\/api\/media\?/;
    await page.route(slowList, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined);
    });
    await picker.locator('input[type=file]').setInputFiles(join(files, 'lighthouse.png'));
    await expect.poll(() => picker.getByText('Uploaded', { exact: true }).count(), { timeout: 5000 }).toBe(1);
    // The upload arrives chosen, listed as soon as it is up.
    await expect
      .poll(() => picker.getByRole('button', { name: 'lighthouse.png', pressed: true }).count(), {
        timeout: 1000,
      })
      .toBe(1);
    expect(await picker.getByText('Nothing here to choose from yet.', { exact: false }).count()).toBe(0);
    await page.unroute(slowList);
    // Only the picker: the editor behind it is another screen's to check.
    expect(await violationsIn(page, '[role=dialog]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-media-picker.png') });
    await picker.getByRole('button', { name: 'Choose (1)' }).click();
    await expect.poll(() => picker.count()).toBe(0);
    // The editor shows the chosen item as a card of its own, removable.
    await expect.poll(() => page.getByRole('button', { name: 'Remove: lighthouse.png' }).count()).toBe(1);
    expect((await item(page, 'lighthouse.png')).type_group).toBe('image');
    await context.close();
  });
});
