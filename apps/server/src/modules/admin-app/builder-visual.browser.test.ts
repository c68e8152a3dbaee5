import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  apiCall,
  blockShape,
  csrfHeaders,
  describeInBrowser,
  SCREENSHOTS,
  type StoredBlock,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';
import { phoneJpeg } from '../../../test/fixtures/media-files.js';

/**
 * The visual builder in chromium, as the "Done means" walks it: blocks dragged from the
 * palette and nested on the canvas, a per-breakpoint padding seen on the mobile canvas, the same
 * moves by keyboard, undo and redo, the autosaved tree read through the API, a synced pattern
 * changed once for two pages, a publish and the public page, an earlier revision restored.
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

async function savedShape(page: Page, id: number): Promise<string> {
  const entry = await call(page, 'GET', `/api/content/page/${id}`);
  return shape(entry.body.data.blocks as StoredBlock[]);
}

/** The block types these tests place: each renders a root of class `tb-<type>`. */
const TYPES = ['section', 'grid', 'heading', 'paragraph', 'image', 'pattern', 'button', 'latest-posts'];

/**
 * The nesting of the blocks rendered in `root` (the canvas's body, the public page's blocks), as
 * blockShape writes a stored tree, read from their root classes: what a visitor's browser lays out.
 */
function renderedShape(root: Locator): Promise<string> {
  return root.evaluate((top, names) => {
    const typeOf = (el: Element) => names.find((name) => el.classList.contains(`tb-${name}`));
    const blocks = [...top.querySelectorAll('*')].filter((el) => typeOf(el) !== undefined);
    const parentOf = (el: Element) => {
      for (let up = el.parentElement; up && up !== top; up = up.parentElement) if (typeOf(up)) return up;
      return null;
    };
    const shape = (parent: Element | null): string =>
      blocks
        .filter((block) => parentOf(block) === parent)
        .map((block) => {
          const inner = shape(block);
          return inner ? `${typeOf(block)}(${inner})` : typeOf(block);
        })
        .join(',');
    return shape(null);
  }, TYPES);
}

/** The canvas's box of an element inside it, in the page's coordinates. */
async function boxIn(frame: FrameLocator, selector: string) {
  const inner = await frame.locator(selector).first().boundingBox();
  if (!inner) throw new Error(`no box for ${selector}`);
  return inner;
}

/**
 * The box once the canvas has stopped moving it: after a save the canvas renders again (its lists'
 * entries, their comment counts), and a drag aimed at where a block was a moment ago lands elsewhere.
 */
async function settledBoxIn(frame: FrameLocator, selector: string) {
  let last = await boxIn(frame, selector);
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const next = await boxIn(frame, selector);
    if (next.x === last.x && next.y === last.y && next.height === last.height) return next;
    last = next;
  }
  return last;
}

/** A press on `from` dragged in small steps to (x, y): the builder follows the pointer. */
async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  await page.mouse.move(to.x, to.y);
  await page.mouse.up();
}

async function dragFromPalette(page: Page, type: string, to: { x: number; y: number }) {
  const source = await page.locator(`[data-block-type="${type}"]`).boundingBox();
  if (!source) throw new Error(`no palette item ${type}`);
  await dragTo(page, { x: source.x + source.width / 2, y: source.y + source.height / 2 }, to);
}

const center = (box: { x: number; y: number; width: number; height: number }) => ({
  x: box.x + box.width / 2,
  y: box.y + box.height / 2,
});

describeInBrowser('the visual builder', () => {
  it('builds a nested page by dragging, edits per breakpoint, saves by itself and publishes', async () => {
    const { context, page } = await admin.open();
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`${base}/admin/login`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    const created = await call(page, 'POST', '/api/pages', { title: 'Harbour' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;

    await page.goto(`${base}/admin/builder/page/${id}`);
    const frame = page.frameLocator('[data-testid="builder-canvas"]');
    await expect.poll(() => page.locator('[data-block-type="section"]').count(), { timeout: 10_000 }).toBe(1);
    const canvasBox = await page.locator('[data-testid="builder-canvas"]').boundingBox();
    if (!canvasBox) throw new Error('no canvas');

    // A section dragged onto the empty page, a grid into it, a heading and an image into the grid.
    await dragFromPalette(page, 'section', { x: canvasBox.x + 300, y: canvasBox.y + 60 });
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(1);
    await dragFromPalette(page, 'grid', center(await boxIn(frame, '.tb-canvas-empty')));
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(2);
    // While a block is dragged over a place that takes it, the place is drawn (here the grid's box).
    const palette = await page.locator('[data-block-type="heading"]').boundingBox();
    if (!palette) throw new Error('no palette item heading');
    const into = center(await boxIn(frame, '.tb-canvas-empty'));
    await page.mouse.move(palette.x + palette.width / 2, palette.y + palette.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(
        palette.x + palette.width / 2 + ((into.x - palette.x - palette.width / 2) * i) / 12,
        palette.y + palette.height / 2 + ((into.y - palette.y - palette.height / 2) * i) / 12,
      );
    await expect.poll(() => page.locator('[data-drop-indicator]').count()).toBe(1);
    await page.mouse.up();
    await expect.poll(() => page.locator('[data-drop-indicator]').count()).toBe(0);
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(3);
    const heading = await boxIn(frame, 'h2[data-block-id], [data-block-id] h2');
    await dragFromPalette(page, 'image', {
      x: heading.x + heading.width / 2,
      y: heading.y + heading.height - 4,
    });
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(4);
    const settings = page.getByRole('complementary', { name: 'Block settings' });
    const said = page.locator('[data-builder-said]');

    // The image given a photo of the library, through the settings' media picker.
    const photo = await page.request.post(`${base}/api/media/upload`, {
      headers: await csrfHeaders(page, base),
      multipart: {
        file: { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg(640, 480) },
        alt_text: 'Boats at dawn',
      },
    });
    expect(photo.status(), await photo.text()).toBe(201);
    await settings.getByRole('button', { name: 'Choose' }).click();
    const picker = page.getByRole('dialog', { name: 'Media' });
    await picker.getByText('harbour.jpg').click();
    await picker.getByRole('button', { name: 'Choose (1)' }).click();
    await expect.poll(() => frame.locator('img[alt="Boats at dawn"]').count()).toBe(1);
    // The grid (the image's parent, from its toolbar) in two columns: the heading and the image side by side.
    await page.getByRole('button', { name: 'Select parent: Image' }).click();
    await expect.poll(() => settings.getByRole('heading', { name: 'Settings: Grid' }).count()).toBe(1);
    await settings.getByLabel('Columns').fill('2');
    const columns = () =>
      frame
        .locator('[data-block-id]')
        .nth(1)
        .evaluate((node) => getComputedStyle(node).gridTemplateColumns.split(' ').length);
    await expect.poll(columns).toBe(2);
    await page.screenshot({ path: join(SCREENSHOTS, 'builder-visual-desktop.png') });

    // The section's padding on phones only: the mobile canvas shows it, desktop keeps its own.
    const sectionBox = await boxIn(frame, '[data-block-id]');
    await page.mouse.click(sectionBox.x + 8, sectionBox.y + 4);
    await expect.poll(() => settings.getByRole('heading', { name: 'Settings: Section' }).count()).toBe(1);
    const padding = () =>
      frame
        .locator('[data-block-id]')
        .first()
        .evaluate((node) => getComputedStyle(node).paddingTop);
    const desktopPadding = await padding();
    await page
      .getByRole('radiogroup', { name: 'Canvas width' })
      .locator('label', { hasText: /^Mobile$/ })
      .click();
    await expect
      .poll(async () => (await page.locator('[data-testid="builder-canvas"]').boundingBox())?.width)
      .toBe(390);
    await expect.poll(() => settings.getByText('Inherited from Desktop').count()).toBeGreaterThan(0);
    await settings.getByLabel('Padding').fill('1');
    await expect.poll(padding).not.toBe(desktopPadding);
    const mobilePadding = await padding();
    expect(Number.parseFloat(mobilePadding)).toBeLessThan(Number.parseFloat(desktopPadding));
    await page.screenshot({ path: join(SCREENSHOTS, 'builder-visual-mobile.png') });
    await page
      .getByRole('radiogroup', { name: 'Canvas width' })
      .locator('label', { hasText: /^Desktop$/ })
      .click();
    await expect.poll(padding).toBe(desktopPadding);

    // The same moves by keyboard: the image up before the heading, undone and redone; a
    // paragraph added from the palette with Enter, then out of the grid into the section with Alt+Left.
    await frame.locator('img[alt="Boats at dawn"]').click();
    await expect.poll(() => settings.getByRole('heading', { name: 'Settings: Image' }).count()).toBe(1);
    const canvasShape = () => renderedShape(frame.locator('body'));
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => said.textContent()).toContain('Image moved into Grid, position 1');
    await expect.poll(canvasShape).toBe('section(grid(image,heading))');
    await page.keyboard.press('Control+z');
    await expect.poll(() => said.textContent()).toContain('Undone');
    await expect.poll(canvasShape).toBe('section(grid(heading,image))');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => said.textContent()).toContain('Redone');
    await expect.poll(canvasShape).toBe('section(grid(image,heading))');
    // The toolbar's buttons do the same; with nothing left to redo, that is said, not "Redone".
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(canvasShape).toBe('section(grid(heading,image))');
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(canvasShape).toBe('section(grid(image,heading))');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => said.textContent()).toContain('Nothing to redo');
    await expect.poll(canvasShape).toBe('section(grid(image,heading))');
    await page.locator('[data-block-type="paragraph"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => said.textContent()).toContain('Paragraph added in Grid, position 2');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => said.textContent()).toContain('Paragraph moved into Section, position 2');
    // The focus stayed where it was: the palette's button, ready for the next key.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-block-type'))).toBe(
      'paragraph',
    );

    // Into the canvas by keyboard: the arrows walk its blocks (the paragraph, then what follows it
    // in the page: nothing, so it stays; up: the heading), Enter goes on to the block's settings.
    await page.locator('[data-testid="builder-canvas"]').focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => settings.getByRole('heading', { name: 'Settings: Heading' }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.builder-right') !== null))
      .toBe(true);

    // Saved by itself a moment later: the tree, and the padding for phones only.
    await expect
      .poll(() => page.locator('[data-save-status]').getAttribute('data-save-status'), { timeout: 15_000 })
      .toBe('saved');
    expect(await savedShape(page, id)).toBe('section(grid(image,heading),paragraph)');
    const stored = (await call(page, 'GET', `/api/content/page/${id}`)).body.data.blocks as StoredBlock[];
    expect(stored[0]?.props.padding).toEqual({ desktop: 6, mobile: 1 });
    expect(await violations(page)).toEqual([]);

    // A synced pattern on this page and another: changed once in the builder, both pages show it.
    const pattern = await call(page, 'POST', '/api/patterns', {
      name: 'Opening hours',
      category: 'sections',
      synced: true,
      blocks: [{ type: 'heading', props: { text: 'Open daily' } }],
    });
    expect(pattern.status, JSON.stringify(pattern.body)).toBe(201);
    const patternId = pattern.body.data.id as number;
    const other = await call(page, 'POST', '/api/pages', {
      title: 'Quay',
      blocks: [{ type: 'pattern', props: { pattern_id: patternId } }],
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect((await call(page, 'POST', `/api/pages/${other.body.data.id}/publish`, {})).status).toBe(200);
    await page.reload();
    await expect.poll(() => frame.locator('[data-block-id]').count(), { timeout: 10_000 }).toBe(5);
    await page.locator('[data-pattern="Opening hours"]').click();
    await expect.poll(() => frame.getByText('Open daily').count()).toBe(1);
    await expect
      .poll(() => page.locator('[data-save-status]').getAttribute('data-save-status'), { timeout: 15_000 })
      .toBe('saved');

    // Opened from the page's pattern block (chosen when it was inserted): a move within the admin.
    await page.getByRole('button', { name: /^Edit this pattern/ }).click();
    await expect.poll(() => page.url()).toContain(`/admin/builder/pattern/${patternId}`);
    await expect.poll(() => frame.getByText('Open daily').count(), { timeout: 10_000 }).toBe(1);
    await frame.getByText('Open daily').click();
    await settings.getByLabel('Text').fill('Open every day');
    await expect.poll(() => frame.getByText('Open every day').count()).toBe(1);
    // A pattern is saved by hand: leaving it unsaved (the browser's Back) asks first; staying keeps it.
    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect.poll(() => leave.count()).toBe(1);
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => leave.count()).toBe(0);
    // The router puts the address back (history.go) while it asks: it may land after the dialog.
    await expect.poll(() => page.url()).toContain(`/admin/builder/pattern/${patternId}`);
    expect(await frame.getByText('Open every day').count()).toBe(1);
    await page.getByRole('button', { name: 'Save pattern' }).click();
    await expect
      .poll(() => page.locator('[data-save-status]').getAttribute('data-save-status'))
      .toBe('saved');

    // Published from the builder: the public page has the same structure and the pattern's text.
    await page.goto(`${base}/admin/builder/page/${id}`);
    await expect.poll(() => frame.getByText('Open every day').count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'Publish…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(async () => (await call(page, 'GET', `/api/content/page/${id}`)).body.data.status)
      .toBe('published');
    const published = await page.request.get(`${base}${created.body.data.url}`);
    const html = await published.text();
    expect(html).toContain('Open every day');
    expect(html).toContain('grid-template-columns:repeat(2, minmax(0, 1fr))');
    const structure = html.slice(html.indexOf('class="tb-blocks"'));
    const found = ['tb-section', 'tb-grid', 'Boats at dawn', 'Heading', 'tb-pattern', 'Open every day'].map(
      (mark) => structure.indexOf(mark),
    );
    expect(
      found.every((at) => at >= 0),
      JSON.stringify(found),
    ).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    // As a visitor's browser lays it out: the same nesting, the synced pattern's heading in its place.
    const visitor = await context.newPage();
    await visitor.goto(`${base}${created.body.data.url}`);
    expect(await renderedShape(visitor.locator('main .tb-blocks').first())).toBe(
      'section(grid(image,heading),paragraph),pattern(heading)',
    );
    await visitor.close();
    expect(await (await page.request.get(`${base}${other.body.data.url}`)).text()).toContain(
      'Open every day',
    );

    // An earlier revision restored from the builder: the canvas and the working copy are as they were.
    // First previewed on the canvas: shown as it was, nothing changed, then back to editing.
    await page.getByRole('button', { name: 'Revisions' }).click();
    const drawer = page.getByRole('dialog', { name: 'Revisions' });
    await drawer
      .getByRole('button', { name: /^Preview/ })
      .last()
      .click();
    await expect.poll(() => page.getByText(/^Previewing /).count()).toBe(1);
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBeLessThan(5);
    expect(await savedShape(page, id)).toBe('section(grid(image,heading),paragraph),pattern');
    await page.getByRole('button', { name: 'Back to editing' }).click();
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(6);
    // The oldest revision the drawer lists (eight a page, newest first) is the one restored.
    const listed = (await call(page, 'GET', `/api/builder/page/${id}/revisions?page=1&limit=8`)).body
      .data as Array<{ id: number }>;
    const oldest = listed[listed.length - 1];
    if (!oldest) throw new Error('no revision listed');
    const earlier = (await call(page, 'GET', `/api/content/page/${id}/revisions/${oldest.id}`)).body.data;
    const earlierShape = shape((earlier.state?.blocks ?? []) as StoredBlock[]);
    expect(earlierShape).not.toBe('section(grid(image,heading),paragraph),pattern');
    await page.getByRole('button', { name: 'Revisions' }).click();
    // Compared with the latest first: the block tree's changes, blocks named as the palette names them.
    await drawer
      .getByRole('button', { name: /^Compare/ })
      .last()
      .click();
    const changes = page.getByRole('dialog', { name: /^Changes since/ });
    await expect
      .poll(() =>
        changes.getByText(/^(Paragraph|Synced pattern|Image|Grid) block (added|moved|changed)/).count(),
      )
      .toBeGreaterThan(0);
    await changes.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => changes.count()).toBe(0);
    await drawer
      .getByRole('button', { name: /^Restore/ })
      .last()
      .click();
    // The question's dialog is a chunk of its own, fetched when first asked.
    const confirm = page.getByRole('dialog', { name: /Restore/ }).getByRole('button', { name: /^Restore/ });
    await expect.poll(() => confirm.count(), { timeout: 15_000 }).toBe(1);
    await confirm.click();
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBeLessThan(5);
    await expect.poll(() => savedShape(page, id)).toBe(earlierShape);
    await context.close();
  }, 180_000);

  it('edits the site header, restyles the canvas with unsaved tokens, shows live lists and explains a conflict', async () => {
    const { context, page } = await admin.open();
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`${base}/admin/login`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    const frame = page.frameLocator('[data-testid="builder-canvas"]');
    const status = () => page.locator('[data-save-status]').getAttribute('data-save-status');

    // The header: a heading added with a click (after nothing: at the top), saved as its draft, then
    // published: every page shows it.
    await page.goto(`${base}/admin/builder/header`);
    await expect.poll(() => page.locator('[data-block-type="heading"]').count(), { timeout: 10_000 }).toBe(1);
    await page.locator('[data-block-type="heading"]').click();
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(1);
    const settings = page.getByRole('complementary', { name: 'Block settings' });
    await settings.getByLabel('Text').fill('Harbour Café');
    await expect.poll(status, { timeout: 15_000 }).toBe('saved');
    await page.getByRole('button', { name: 'Publish on every page' }).click();
    await expect
      .poll(
        async () => (await call(page, 'GET', '/api/sections/header')).body.data.published?.[0]?.props.text,
      )
      .toBe('Harbour Café');

    // A page with a latest-posts block: the canvas lists the posts published, live.
    const post = await call(page, 'POST', '/api/posts', { title: 'Boats are back' });
    expect((await call(page, 'POST', `/api/posts/${post.body.data.id}/publish`, {})).status).toBe(200);
    const created = await call(page, 'POST', '/api/pages', {
      title: 'News',
      blocks: [{ type: 'latest-posts', props: {} }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    await page.goto(`${base}/admin/builder/page/${id}`);
    await expect.poll(() => frame.getByText('Boats are back').count(), { timeout: 10_000 }).toBe(1);

    // Tokens being edited restyle the canvas at once; nothing is saved until the panel says so.
    await page.getByRole('tab', { name: 'Design' }).click();
    const tokens = () => frame.locator('#tb-tokens').evaluate((node) => node.textContent ?? '');
    await page.getByLabel('Primary', { exact: true }).fill('#123456');
    await expect.poll(tokens, { timeout: 10_000 }).toContain('#123456');
    await page.screenshot({ path: join(SCREENSHOTS, 'builder-visual-design.png') });
    expect(JSON.stringify((await call(page, 'GET', '/api/settings/design')).body.data)).not.toContain(
      '#123456',
    );

    // Someone else saves the page meanwhile: the builder's next save is refused and said, not forced.
    const entry = (await call(page, 'GET', `/api/content/page/${id}`)).body.data;
    const elsewhere = await call(page, 'POST', `/api/builder/page/${id}/save`, {
      version: entry.version,
      blocks: entry.blocks,
      title: 'News (edited elsewhere)',
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    await page.getByRole('tab', { name: 'Add' }).click();
    await page.locator('[data-block-type="spacer"]').click();
    await expect.poll(status, { timeout: 15_000 }).toBe('conflict');
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .getByText(/Someone else saved this/)
          .count(),
      )
      .toBe(1);
    expect((await call(page, 'GET', `/api/content/page/${id}`)).body.data.blocks).toHaveLength(1);
    // Keeping one's own version saves it over theirs, knowingly.
    await page.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(status, { timeout: 15_000 }).toBe('saved');
    const types = async () =>
      ((await call(page, 'GET', `/api/content/page/${id}`)).body.data.blocks as StoredBlock[]).map(
        (b) => b.type,
      );
    expect(await types()).toEqual(['latest-posts', 'spacer']);

    // The spacer (selected: it was just added) dragged by its handle above the list.
    // The list's root is laid out as `display: contents` (its component renders a component): its content's box.
    const list = await settledBoxIn(frame, '[data-block-id] > *');
    const handle = await page.locator('[data-canvas-drag-handle]').boundingBox();
    if (!handle) throw new Error('no drag handle');
    await dragTo(page, center(handle), { x: list.x + list.width / 2, y: list.y + 4 });
    await expect.poll(types, { timeout: 15_000 }).toEqual(['spacer', 'latest-posts']);

    // Copied here (chosen in the outline: the spacer's toolbar lies over the list), pasted into the
    // header: the clipboard outlives the page.
    await page.getByRole('tab', { name: 'Outline' }).click();
    await page.getByRole('button', { name: /^Latest posts/ }).click();
    await expect
      .poll(() => settings.getByRole('heading', { name: 'Settings: Latest posts' }).count())
      .toBe(1);
    await page.keyboard.press('Control+c');
    await page.goto(`${base}/admin/builder/header`);
    await expect.poll(() => frame.locator('[data-block-id]').count(), { timeout: 10_000 }).toBe(1);
    await frame.getByText('Harbour Café').click();
    await page.keyboard.press('Control+v');
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(2);
    await expect.poll(status, { timeout: 15_000 }).toBe('saved');
    const draft = (await call(page, 'GET', '/api/sections/header')).body.data.draft as StoredBlock[];
    expect(draft.map((b) => b.type)).toEqual(['heading', 'latest-posts']);

    // The network gone for a moment: the change waits, said so, and is saved once it is back.
    await page.getByRole('tab', { name: 'Add' }).click();
    await context.setOffline(true);
    await page.locator('[data-block-type="spacer"]').click();
    await expect.poll(status, { timeout: 15_000 }).toBe('failed');
    await context.setOffline(false);
    await expect.poll(status, { timeout: 15_000 }).toBe('saved');
    const after = (await call(page, 'GET', '/api/sections/header')).body.data.draft as StoredBlock[];
    expect(after.map((b) => b.type)).toEqual(['heading', 'latest-posts', 'spacer']);
    await context.close();
  }, 120_000);

  it('builds the same nesting with the keyboard alone', async () => {
    const { context, page } = await admin.open();
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`${base}/admin/login`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    const created = await call(page, 'POST', '/api/pages', { title: 'Keys' });
    const id = created.body.data.id as number;
    await page.goto(`${base}/admin/builder/page/${id}`);
    await expect.poll(() => page.locator('[data-block-type="section"]').count(), { timeout: 10_000 }).toBe(1);
    const said = page.locator('[data-builder-said]');
    const press = async (type: string) => {
      await page.locator(`[data-block-type="${type}"]`).focus();
      await page.keyboard.press('Enter');
    };

    // The palette searched: only what matches stays, grouped as before; cleared, all are back.
    const search = page.getByLabel('Search blocks and patterns');
    await search.fill('headi');
    await expect.poll(() => page.locator('[data-block-type]').count()).toBe(1);
    expect(await page.locator('[data-block-type="heading"]').count()).toBe(1);
    await search.fill('');
    await expect.poll(() => page.locator('[data-block-type]').count()).toBeGreaterThan(30);

    // Each palette button adds inside the selected block when it takes it, else after it.
    await press('section');
    await expect.poll(() => said.textContent()).toContain('Section added at position 1 of the page');
    await press('heading');
    await expect.poll(() => said.textContent()).toContain('Heading added in Section, position 1');
    await press('grid');
    await expect.poll(() => said.textContent()).toContain('Grid added in Section, position 2');
    // The heading into the grid: down past it, then into the block above it.
    await page.locator('[data-testid="builder-canvas"]').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => said.textContent()).toContain('Heading moved into Section, position 2');
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => said.textContent()).toContain('Heading moved into Grid, position 1');
    await press('image');
    await expect.poll(() => said.textContent()).toContain('Image added in Grid, position 2');
    await expect
      .poll(() => page.locator('[data-save-status]').getAttribute('data-save-status'), { timeout: 15_000 })
      .toBe('saved');
    expect(await savedShape(page, id)).toBe('section(grid(heading,image))');

    // The section saved as a synced pattern: it stands in the section's place, by reference.
    await page.locator('[data-testid="builder-canvas"]').focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    const settings = page.getByRole('complementary', { name: 'Block settings' });
    await expect.poll(() => settings.getByRole('heading', { name: 'Settings: Section' }).count()).toBe(1);
    await settings.getByRole('button', { name: 'Save as pattern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as pattern' });
    await dialog.getByLabel('Name').fill('Hero');
    await dialog.getByLabel('Synced').check();
    await dialog.getByRole('button', { name: 'Save pattern' }).click();
    await expect
      .poll(() => page.locator('[data-save-status]').getAttribute('data-save-status'), { timeout: 15_000 })
      .toBe('saved');
    await expect.poll(() => savedShape(page, id), { timeout: 15_000 }).toBe('pattern');
    const patterns = (await call(page, 'GET', '/api/patterns')).body.data as Array<{
      name: string;
      synced: boolean;
      blocks: StoredBlock[];
    }>;
    const hero = patterns.find((pattern) => pattern.name === 'Hero');
    expect(hero?.synced).toBe(true);
    expect(blockShape(hero?.blocks ?? [])).toBe('section(grid(heading,image))');
    await context.close();
  }, 120_000);

  it('links a button to a post found by its title, and saves before the browser goes back', async () => {
    const { context, page } = await admin.open();
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`${base}/admin/login`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    const post = await call(page, 'POST', '/api/posts', { title: 'Ferry timetable' });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const created = await call(page, 'POST', '/api/pages', { title: 'Getting here' });
    const id = created.body.data.id as number;
    // Into the builder from the page's editor, so the browser's Back below is a move within the admin.
    await page.goto(`${base}/admin/content/page/${id}`);
    const toBuilder = page.getByRole('link', { name: 'Open in the builder' });
    await expect.poll(() => toBuilder.count(), { timeout: 15_000 }).toBe(1);
    await toBuilder.click();
    await expect.poll(() => page.locator('[data-block-type="button"]').count(), { timeout: 10_000 }).toBe(1);
    const settings = page.getByRole('complementary', { name: 'Block settings' });
    const status = () => page.locator('[data-save-status]').getAttribute('data-save-status');

    // The link picker: words search the site's entries, the one chosen puts in its address.
    await page.locator('[data-block-type="button"]').click();
    await expect.poll(() => settings.getByRole('heading', { name: 'Settings: Button' }).count()).toBe(1);
    await expect.poll(status, { timeout: 15_000 }).toBe('saved');
    const link = settings.getByLabel('Link address');
    await link.fill('ferry');
    await expect.poll(() => page.getByRole('option', { name: /Ferry timetable/ }).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'builder-visual-link.png') });
    await page.getByRole('option', { name: /Ferry timetable/ }).click();
    await expect.poll(() => link.inputValue()).toBe(post.body.data.url);
    expect(await violations(page)).toEqual([]);

    // The canvas toolbar's copy, paste, duplicate and delete, each on the canvas at once.
    const frame = page.frameLocator('[data-testid="builder-canvas"]');
    const buttons = () => frame.locator('.tb-button').count();
    await page.getByRole('button', { name: 'Copy: Button' }).click();
    await page.getByRole('button', { name: 'Paste: Button' }).click();
    await expect.poll(buttons).toBe(2);
    await page.getByRole('button', { name: 'Delete: Button' }).click();
    await expect.poll(buttons).toBe(1);
    await frame.locator('.tb-button').click();
    await page.getByRole('button', { name: 'Duplicate: Button' }).click();
    await expect.poll(buttons).toBe(2);
    await page.getByRole('button', { name: 'Delete: Button' }).click();
    await expect.poll(buttons).toBe(1);
    await frame.locator('.tb-button').click();
    await expect.poll(() => settings.getByRole('heading', { name: 'Settings: Button' }).count()).toBe(1);

    // Deleted and undone within a second: back to what was saved, so nothing is left to save.
    await expect.poll(status, { timeout: 15_000 }).toBe('saved');
    await page.keyboard.press('Delete');
    await expect.poll(buttons).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(buttons).toBe(1);
    await expect.poll(status, { timeout: 10_000 }).toBe('saved');
    await frame.locator('.tb-button').click();
    await expect.poll(() => settings.getByRole('heading', { name: 'Settings: Button' }).count()).toBe(1);

    // A change, then gone at once with the browser's Back (well before the autosave's 2.5 s): saved first.
    await expect.poll(status, { timeout: 15_000 }).toBe('saved');
    await settings.getByLabel('Text').first().fill('Timetable');
    await expect.poll(() => frame.locator('.tb-button').textContent()).toBe('Timetable');
    await page.goBack();
    // The page's editor shows once the save is done (the address changes at once, then back while
    // the move waits for the save).
    await expect.poll(() => page.getByRole('link', { name: 'Open in the builder' }).count()).toBe(1);
    expect(page.url()).toContain(`/admin/content/page/${id}`);
    const stored = (await call(page, 'GET', `/api/content/page/${id}`)).body.data.blocks as StoredBlock[];
    expect(stored.map((block) => [block.type, block.props.text, block.props.href])).toEqual([
      ['button', 'Timetable', post.body.data.url],
    ]);
    // The editor shows what the builder saved, and saving there is no conflict with one's own save.
    await expect.poll(() => page.locator('[data-block-row]').count()).toBe(1);
    expect(await page.getByText('This page has no blocks yet', { exact: false }).count()).toBe(0);
    await page.getByLabel(/^Title/).fill('Getting here by ferry');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => (await call(page, 'GET', `/api/content/page/${id}`)).body.data.title)
      .toBe('Getting here by ferry');
    expect(await page.getByText('Someone saved this entry', { exact: false }).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('says who holds a page, lets an editor take it over, and tells the first one their change was not saved', async () => {
    const first = await admin.open();
    await first.page.setViewportSize({ width: 1600, height: 1000 });
    await first.page.goto(`${base}/admin/login`);
    await signIn(first.page, 'ada@example.test');
    await expect.poll(() => first.page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    const created = await call(first.page, 'POST', '/api/pages', {
      title: 'Moorings',
      blocks: [{ type: 'heading', props: { text: 'Berths' } }],
    });
    const id = created.body.data.id as number;
    await first.page.goto(`${base}/admin/builder/page/${id}`);
    const firstFrame = first.page.frameLocator('[data-testid="builder-canvas"]');
    await expect.poll(() => firstFrame.getByText('Berths').count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => (await call(first.page, 'GET', `/api/content/page/${id}`)).body.data.lock?.user_id)
      .toBeTypeOf('number');

    // Another editor opening it is told who holds it, and cannot change it until taking it over.
    await seedAdminUser(admin, 'eve@example.test', 'editor', 'Eve');
    const second = await admin.open();
    await second.page.setViewportSize({ width: 1600, height: 1000 });
    await second.page.goto(`${base}/admin/login`);
    await signIn(second.page, 'eve@example.test');
    await expect.poll(() => second.page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    await second.page.goto(`${base}/admin/builder/page/${id}`);
    await expect
      .poll(() => second.page.getByText(/is editing this entry$/).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await second.page.locator('[data-block-type="spacer"]').isDisabled()).toBe(true);
    await second.page.getByRole('button', { name: 'Take over' }).click();
    await expect.poll(() => second.page.locator('[data-block-type="spacer"]').isDisabled()).toBe(false);

    // The first one's next change is refused by the server (the lock is gone) and said, not lost silently.
    await first.page.locator('[data-block-type="spacer"]').click();
    await expect
      .poll(() => first.page.locator('[data-save-status]').getAttribute('data-save-status'), {
        timeout: 15_000,
      })
      .toBe('locked');
    await expect.poll(() => first.page.getByText('Someone else took over this entry').count()).toBe(1);
    const stored = (await call(second.page, 'GET', `/api/content/page/${id}`)).body.data
      .blocks as StoredBlock[];
    expect(stored.map((block) => block.type)).toEqual(['heading']);
    await second.context.close();
    await first.context.close();
  }, 120_000);

  it("shows the page's title on the canvas, and each colour swatch in the colour visitors see", async () => {
    const { context, page } = await admin.open();
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`${base}/admin/login`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    const created = await call(page, 'POST', '/api/pages', {
      title: 'Swatches',
      blocks: [{ type: 'section', props: {}, children: [] }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await page.goto(`${base}/admin/builder/page/${created.body.data.id}`);
    await expect.poll(() => page.locator('[data-block-type="section"]').count(), { timeout: 10_000 }).toBe(1);
    // The page's title heads the canvas, as it heads the public page.
    const frame = page.frameLocator('[data-testid="builder-canvas"]');
    await expect.poll(() => frame.locator('article.tb-entry > h1').textContent()).toBe('Swatches');
    await page.locator('[data-block-type="section"]').click();
    const settings = page.getByRole('complementary', { name: 'Block settings' });
    const swatch = (name: string) =>
      settings
        .getByRole('button', { name, exact: true })
        .first()
        .evaluate((button) => {
          const overlay = button.querySelector('[class*="colorOverlay"]') ?? button;
          return { color: getComputedStyle(overlay).backgroundColor, text: button.textContent };
        });
    // The default theme's surface (#f4f6f8) and, unset, accent following its primary (#1f5fbf).
    await expect
      .poll(() => swatch('Surface (the theme’s colour)'))
      .toEqual({ color: 'rgb(244, 246, 248)', text: '' });
    expect(await swatch('Accent (the theme’s colour)')).toEqual({ color: 'rgb(31, 95, 191)', text: '' });
    await context.close();
  });

  it('shows a page its user may not edit read-only: nothing to add, move or save', async () => {
    const { context, page } = await admin.open();
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(`${base}/admin/login`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    const created = await call(page, 'POST', '/api/pages', {
      title: 'Rules',
      blocks: [{ type: 'heading', props: { text: 'House rules' } }],
    });
    const id = created.body.data.id as number;
    // Published: others' drafts are not shown to those who may not edit them.
    expect((await call(page, 'POST', `/api/pages/${id}/publish`, {})).status).toBe(200);
    // Authors see no pages by default: this site lets them read pages, not edit them.
    const roles = (await call(page, 'GET', '/api/roles?page=1&limit=100')).body.data as Array<{
      id: number;
      slug: string;
      permissions: string[];
    }>;
    const author = roles.find((role) => role.slug === 'author');
    const readable = await call(page, 'PUT', `/api/roles/${author?.id}`, {
      permissions: [...(author?.permissions ?? []), 'pages.view'],
    });
    expect(readable.status, JSON.stringify(readable.body)).toBe(200);
    await context.close();

    await seedAdminUser(admin, 'cleo@example.test', 'author', 'Cleo');
    const visitor = await admin.open();
    await visitor.page.setViewportSize({ width: 1600, height: 1000 });
    await visitor.page.goto(`${base}/admin/login`);
    await signIn(visitor.page, 'cleo@example.test');
    await expect
      .poll(() => visitor.page.getByRole('navigation', { name: 'Main navigation' }).count())
      .toBe(1);
    await visitor.page.goto(`${base}/admin/builder/page/${id}`);
    const frame = visitor.page.frameLocator('[data-testid="builder-canvas"]');
    await expect.poll(() => frame.getByText('House rules').count(), { timeout: 10_000 }).toBe(1);
    expect(await visitor.page.locator('[data-block-type="section"]').isDisabled()).toBe(true);
    await frame.getByText('House rules').click();
    await expect
      .poll(() => visitor.page.getByRole('toolbar', { name: 'Actions for Heading' }).count())
      .toBe(1);
    expect(await visitor.page.getByRole('button', { name: 'Delete: Heading' }).count()).toBe(0);
    await visitor.page.keyboard.press('Delete');
    expect(await frame.getByText('House rules').count()).toBe(1);
    await visitor.context.close();
  }, 120_000);
});
