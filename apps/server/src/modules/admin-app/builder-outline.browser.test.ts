import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  apiCall,
  blockShape,
  describeInBrowser,
  SCREENSHOTS,
  type StoredBlock,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';

/**
 * The block outline editor inside the page editor, in chromium: blocks added from the palette and
 * nested, a prop set in the generated form, a move from the keyboard and one by dragging, a
 * duplicate and a delete, a value for phones only, saved with the page and read back from the API.
 */
let admin: AdminBrowser;
let base: string;

beforeAll(async () => {
  admin = await startAdminBrowser();
  base = admin.base;
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

const call = (page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  apiCall(page, base, method, path, body);

const shape = blockShape;

describeInBrowser('the block outline editor', () => {
  it('builds a page from the palette, moves blocks by keyboard and mouse, and saves the tree', async () => {
    const { context, page } = await admin.open();
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${base}/admin/login`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    const created = await call(page, 'POST', '/api/pages', { title: 'Harbour' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;

    await page.goto(`${base}/admin/content/page/${id}`);
    const blocks = page.getByRole('region', { name: 'Blocks' });
    await expect
      .poll(() => blocks.getByRole('button', { name: 'Add block' }).count(), { timeout: 10_000 })
      .toBe(1);
    const outline = blocks.getByRole('list', { name: 'Blocks of the page' });
    const rowButton = (name: RegExp) => outline.getByRole('button', { name });

    // A section from the palette, searched for.
    await blocks.getByRole('button', { name: 'Add block' }).click();
    const palette = page.getByRole('dialog', { name: 'Add a block' });
    await palette.getByLabel('Search blocks').fill('sect');
    await palette.getByRole('button', { name: 'Section', exact: true }).click();
    await expect.poll(() => rowButton(/^Section/).count()).toBe(1);

    // A heading inside it (the section is selected: "inside" is the first choice), its text set.
    await blocks.getByRole('button', { name: 'Add block' }).click();
    expect(await palette.getByRole('radio', { name: 'Inside “Section”' }).isChecked()).toBe(true);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await palette.getByRole('button', { name: 'Heading', exact: true }).click();
    await expect.poll(() => rowButton(/^Heading/).count()).toBe(1);
    // The new block has the focus and is the one whose settings show.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Heading: Heading in Section');
    expect(await rowButton(/^Heading/).getAttribute('aria-pressed')).toBe('true');
    await blocks.getByLabel(/^Text/).fill('Welcome aboard');
    await expect.poll(() => rowButton(/^Heading: Welcome aboard in Section/).count()).toBe(1);

    // A paragraph after the section, at the top of the page.
    await rowButton(/^Section/).click();
    await blocks.getByRole('button', { name: 'Add block' }).click();
    await palette.getByRole('radio', { name: 'After “Section”' }).check();
    await palette.getByRole('button', { name: 'Paragraph', exact: true }).click();
    await expect.poll(() => rowButton(/^Paragraph/).count()).toBe(1);
    await blocks.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Boats leave at dawn.');
    await expect.poll(() => rowButton(/^Paragraph: Boats leave at dawn\.$/).count()).toBe(1);

    // Into the section from the keyboard: Alt+→ on the focused row; the focus stays on it.
    await rowButton(/^Paragraph/).focus();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => rowButton(/^Paragraph: Boats leave at dawn\. in Section/).count()).toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Boats leave at dawn.');
    await expect
      .poll(() =>
        blocks.getByRole('status').filter({ hasText: 'Paragraph moved to position 2 in Section.' }).count(),
      )
      .toBe(1);

    // The paragraph dragged above the heading by its handle.
    const handle = outline.locator('[data-drag-handle]').nth(2);
    const headingRow = outline.locator('[data-block-row]').nth(1);
    const from = await handle.boundingBox();
    const to = await headingRow.boundingBox();
    if (!from || !to) throw new Error('rows not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 2, { steps: 10 });
    await page.mouse.up();
    await expect
      .poll(async () =>
        (await outline.locator('[data-block-row]').allTextContents()).map((text) => text.split(/\W/)[0]),
      )
      .toEqual(['Section', 'Paragraph', 'Heading']);

    // The section duplicated with all it holds, then the copy deleted after confirming.
    // dnd-kit swallows the clicks of the first moments after a drop: clicked until selected.
    await expect
      .poll(async () => {
        await rowButton(/^Section/).click();
        return rowButton(/^Section/).getAttribute('aria-pressed');
      })
      .toBe('true');
    await blocks.getByRole('button', { name: 'Duplicate: Section' }).click();
    await expect.poll(() => rowButton(/^Section/).count()).toBe(2);
    await expect.poll(() => rowButton(/^Heading/).count()).toBe(2);
    await blocks.getByRole('button', { name: 'Delete: Section' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Section”?' });
    await expect.poll(() => confirm.getByText('The 2 blocks inside it are deleted with it.').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rowButton(/^Section/).count()).toBe(1);
    await expect.poll(() => rowButton(/^Heading/).count()).toBe(1);

    // Undo takes the deletion back and redo does it again: by the buttons, then by the keys on a row.
    await blocks.getByRole('button', { name: 'Undo a change to the blocks' }).click();
    await expect.poll(() => rowButton(/^Section/).count()).toBe(2);
    await expect.poll(() => blocks.getByRole('status').filter({ hasText: 'Undone.' }).count()).toBe(1);
    await blocks.getByRole('button', { name: 'Redo a change to the blocks' }).click();
    await expect.poll(() => rowButton(/^Section/).count()).toBe(1);
    // Nothing more to redo: the focus is not lost with the disabled button, it goes to undo.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Undo a change to the blocks');
    await rowButton(/^Section/).focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => rowButton(/^Heading/).count()).toBe(2);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => rowButton(/^Heading/).count()).toBe(1);
    expect(await blocks.getByRole('button', { name: 'Redo a change to the blocks' }).isDisabled()).toBe(true);

    // The heading centred on phones only: desktop and tablet keep the left alignment.
    await rowButton(/^Heading/).click();
    await blocks.locator('label', { hasText: /^Mobile$/ }).click();
    await expect.poll(() => blocks.getByText('Inherited from Desktop').count()).toBeGreaterThan(0);
    await blocks.getByRole('combobox', { name: 'Alignment' }).click();
    await page.getByRole('option', { name: 'Centre' }).click();
    await expect.poll(() => blocks.getByText('Set for Mobile only').count()).toBe(1);
    await expect
      .poll(() => blocks.getByRole('button', { name: 'Reset Alignment on Mobile' }).count())
      .toBe(1);

    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-builder-outline.png'), fullPage: true });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => shape((await call(page, 'GET', `/api/pages/${id}`)).body.data.blocks))
      .toBe('section(paragraph,heading)');
    // The save's answer holds the same blocks: what can be undone is still there.
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    expect(await blocks.getByRole('button', { name: 'Undo a change to the blocks' }).isEnabled()).toBe(true);
    const stored = (await call(page, 'GET', `/api/pages/${id}`)).body.data.blocks as StoredBlock[];
    const [section] = stored;
    const [paragraph, heading] = section?.children ?? [];
    expect(section?.props).toMatchObject({ padding: { desktop: 6 }, tag: 'section', fullWidth: false });
    expect(paragraph?.props.content).toBe('<p>Boats leave at dawn.</p>');
    expect(heading?.props).toMatchObject({
      text: 'Welcome aboard',
      level: 2,
      align: { desktop: 'left', mobile: 'center' },
    });
    expect(heading?.props.align).not.toHaveProperty('tablet');
    const ids = [section?.id, paragraph?.id, heading?.id];
    for (const blockId of ids) expect(blockId).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(new Set(ids).size).toBe(3);

    // Published from the editor, the page shows its blocks on the public site.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(async () => (await call(page, 'GET', `/api/pages/${id}`)).body.data.status)
      .toBe('published');
    const url = (await call(page, 'GET', `/api/pages/${id}`)).body.data.url as string;
    const html = await (await page.request.get(`${base}${url}`)).text();
    expect(html).toContain('Welcome aboard');
    expect(html).toContain('Boats leave at dawn.');
    await context.close();
  });
});
