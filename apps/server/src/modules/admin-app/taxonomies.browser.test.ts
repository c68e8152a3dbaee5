import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
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
 * The taxonomy screens in chromium against a real server: a category tree built with the mouse
 * and the keyboard, tags added, refused and deleted, a custom taxonomy made and removed, and the
 * terms picker of the entry editor; each step checked on the server through the API.
 */
const EMAIL = 'ada@example.test';
/** Signing in, then a screen's chunk and first calls: more than a poll's default second on a busy machine. */
const LOAD = { timeout: 15_000 };

interface TermView {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  position: number;
}

let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, EMAIL, 'admin', 'Ada');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

async function termsOf(page: Page, taxonomy: string): Promise<TermView[]> {
  const answer = await page.request.get(`${admin.base}/api/taxonomies/${taxonomy}/terms`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as TermView[];
}

/** Top-level names (or a parent's children) in the server's order. */
async function childrenOf(page: Page, taxonomy: string, parentId: number | null): Promise<string[]> {
  return (await termsOf(page, taxonomy))
    .filter((term) => term.parent_id === parentId)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map((term) => term.name);
}

async function termNamed(page: Page, taxonomy: string, name: string): Promise<TermView | undefined> {
  return (await termsOf(page, taxonomy)).find((term) => term.name === name);
}

/** axe's findings on the page whose elements lie inside `container`. */
async function violationsWithin(page: Page, container: Locator): Promise<string[]> {
  const found = await violations(page);
  const inside = await container.evaluate(
    (root, lists) =>
      lists.map((targets) =>
        targets.some((target) => {
          const element = document.querySelector(target);
          return element !== null && root.contains(element);
        }),
      ),
    found.map((each) => each.slice(each.indexOf(': ') + 2).split(', ')),
  );
  return found.filter((_, index) => inside[index]);
}

/** A row's handle dragged with the mouse in small steps (dnd-kit starts after 4 px and follows moves). */
/**
 * Where a row is once the screen has settled: an announcement or a refetch may still shift the
 * rows right after a move, and a drag measured before that lands one row off.
 */
async function steadyBox(page: Page, name: string) {
  const row = page.locator(`[data-term="${name}"]`);
  let last = await row.boundingBox();
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(150);
    const now = await row.boundingBox();
    if (now && last && now.y === last.y && now.x === last.x) return now;
    last = now;
  }
  throw new Error(`the row ${name} kept moving`);
}

async function drag(page: Page, name: string, to: { dx?: number; dy: number }) {
  const handle = page.locator(`[data-drag-handle="${name}"]`);
  const box = await handle.boundingBox();
  if (!box) throw new Error(`no handle for ${name}`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 6, { steps: 3 });
  const steps = 12;
  for (let step = 1; step <= steps; step++)
    await page.mouse.move(x + ((to.dx ?? 0) * step) / steps, y + (to.dy * step) / steps, { steps: 2 });
  await page.mouse.up();
}

describeInBrowser('taxonomies in the administration app', () => {
  it('builds the category tree: created in a dialog, nested by keyboard, reordered by mouse', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/taxonomies/category`);
    await signIn(page, EMAIL);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Categories', level: 1 }).count(), LOAD)
      .toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Categories' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Tags' }).count()).toBe(1);
    // Every site starts with its default category, in the tree.
    const tree = page.getByRole('list', { name: 'Categories' });
    await expect.poll(() => tree.getByText('Uncategorized', { exact: true }).count()).toBe(1);

    for (const name of ['Boats', 'Sails', 'Engines']) {
      await page.getByRole('button', { name: 'New category' }).click();
      const dialog = page.getByRole('dialog', { name: 'New category' });
      await dialog.getByLabel(/^Name/).fill(name);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => tree.getByText(name, { exact: true }).count()).toBe(1);
    }
    expect(await childrenOf(page, 'category', null)).toEqual(['Uncategorized', 'Boats', 'Sails', 'Engines']);

    // A slug taken: the server's message shows under the slug field, the dialog stays.
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByLabel(/^Name/).fill('Other boats');
    await dialog.getByLabel('Slug').fill('boats');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => dialog.getByText(/is taken/).count()).toBe(1);
    expect(await dialog.getByLabel('Slug').getAttribute('aria-invalid')).toBe('true');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-taxonomies-category-dialog.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The keyboard: Sails's menu, down to "Indent under Boats", Enter.
    const boats = (await termNamed(page, 'category', 'Boats')) as TermView;
    await page.getByRole('button', { name: 'Actions: Sails' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menu').count()).toBe(1);
    for (let tries = 0; tries < 10; tries++) {
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused.includes('Indent under')) break;
      await page.keyboard.press('ArrowDown');
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Indent under “Boats”');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await termNamed(page, 'category', 'Sails'))?.parent_id).toBe(boats.id);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: '“Sails” is now under “Boats”' }).count())
      .toBe(1);
    // The focus stays on the moved row's menu button, for the next move.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Actions: Sails');
    expect(await childrenOf(page, 'category', null)).toEqual(['Uncategorized', 'Boats', 'Engines']);

    // The mouse: Engines dragged straight up onto Boats' place comes before it, at the top level.
    await page.waitForLoadState('networkidle');
    const boatsRow = await steadyBox(page, 'Boats');
    const enginesRow = await steadyBox(page, 'Engines');
    await drag(page, 'Engines', { dy: boatsRow.y - enginesRow.y });
    await expect
      .poll(() => childrenOf(page, 'category', null))
      .toEqual(['Uncategorized', 'Engines', 'Boats']);
    expect((await termNamed(page, 'category', 'Engines'))?.parent_id).toBeNull();
    expect(await childrenOf(page, 'category', boats.id)).toEqual(['Sails']);
    // The tree shows the server's order again.
    await expect
      .poll(() =>
        page.locator('[data-term]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-term'))),
      )
      .toEqual(['Uncategorized', 'Engines', 'Boats', 'Sails']);

    // Dragged to the right below Boats' last child, Engines goes under Boats too, after Sails.
    await page.waitForLoadState('networkidle');
    const sailsRow = await steadyBox(page, 'Sails');
    const movedEngines = await steadyBox(page, 'Engines');
    await drag(page, 'Engines', { dx: 40, dy: sailsRow.y - movedEngines.y + 4 });
    await expect.poll(() => childrenOf(page, 'category', boats.id)).toEqual(['Sails', 'Engines']);

    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-taxonomies-categories.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('button', { name: 'New category' }).isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Actions: Engines' }).click();
    await expect
      .poll(() => page.getByRole('menuitem', { name: 'Outdent from “Boats”' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Move down' }).isDisabled()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-taxonomies-categories-390.png'), fullPage: true });
    await context.close();
  });

  it('adds, searches and deletes tags', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/taxonomies/tag`);
    await signIn(page, EMAIL);
    await expect.poll(() => page.getByRole('heading', { name: 'Tags', level: 1 }).count(), LOAD).toBe(1);
    await expect.poll(() => page.getByText('The list “tags” is empty.').count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    for (const name of ['Rigging', 'Knots']) {
      await page.getByRole('button', { name: 'New tag' }).click();
      const dialog = page.getByRole('dialog', { name: 'New tag' });
      await dialog.getByLabel(/^Name/).fill(name);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    }
    await expect
      .poll(async () => (await termsOf(page, 'tag')).map((term) => term.name).sort())
      .toEqual(['Knots', 'Rigging']);
    await expect.poll(() => page.getByRole('row').count()).toBe(3);

    // A malformed slug: said under the field, checked with the server's pattern before sending.
    await page.getByRole('button', { name: 'Edit: Knots' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit “Knots”' });
    await edit.getByLabel('Slug').fill('Not a slug!');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.getByLabel('Slug').getAttribute('aria-invalid')).toBe('true');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.getByLabel('Search by name').fill('rig');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-taxonomies-tags.png'), fullPage: true });
    await page.getByRole('button', { name: 'Delete: Rigging' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Rigging”?' });
    expect(await violations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await termsOf(page, 'tag')).map((term) => term.name)).toEqual(['Knots']);
    await expect.poll(() => page.getByText('No name contains “rig”.').count()).toBe(1);
    await context.close();
  });

  it('creates and deletes a custom taxonomy', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/taxonomies`);
    await signIn(page, EMAIL);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Taxonomies', level: 1 }).count(), LOAD)
      .toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Categories' }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'New taxonomy' }).click();
    const dialog = page.getByRole('dialog', { name: 'New taxonomy' });
    await dialog.getByLabel(/^Name of one/).fill('Genre');
    await dialog.getByLabel(/^Name of several/).fill('Genres');
    await dialog.getByLabel(/^Slug/).fill('Genre');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // The slug's pattern is the server's, checked before sending: said under the field.
    await expect.poll(() => dialog.getByLabel(/^Slug/).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel(/^Slug/).fill('genre');
    await dialog.getByLabel('Terms can have parents').check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const made = await page.request.get(`${admin.base}/api/taxonomies/genre`);
    expect((await made.json()).data).toMatchObject({
      plural_label: 'Genres',
      hierarchical: true,
      builtin: false,
    });
    await expect.poll(() => page.getByRole('link', { name: 'Genres' }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-taxonomies.png'), fullPage: true });

    // Its terms screen is the tree one.
    await page.getByRole('link', { name: 'Genres' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Genres', level: 1 }).count()).toBe(1);
    await expect.poll(() => page.getByText('The list “genres” is empty.').count()).toBe(1);
    await page.getByRole('link', { name: 'All taxonomies' }).click();

    await page.getByRole('button', { name: 'Delete: Genres' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Genres?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect
      .poll(async () => (await page.request.get(`${admin.base}/api/taxonomies/genre`)).status())
      .toBe(404);
    await expect.poll(() => page.getByRole('link', { name: 'Genres' }).count()).toBe(0);
    await context.close();
  });

  it('files a new post with the terms picker: a ticked category and a tag typed and created', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/content/post/new`);
    await signIn(page, EMAIL);
    await expect.poll(() => page.getByRole('group', { name: 'Categories' }).count(), LOAD).toBe(1);
    // Terms of its own, made through the API, so that this test stands alone.
    const headers = await csrfHeaders(page, admin.base);
    const made = async (taxonomy: string, name: string, parent_id: number | null = null) => {
      const answer = await page.request.post(`${admin.base}/api/taxonomies/${taxonomy}/terms`, {
        headers,
        data: { name, ...(parent_id ? { parent_id } : {}) },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      return (await answer.json()).data as TermView;
    };
    const harbours = await made('category', 'Harbours');
    const moorings = await made('category', 'Moorings', harbours.id);
    const anchors = await made('tag', 'Anchors');
    await page.reload();

    const categories = page.getByRole('group', { name: 'Categories' });
    await expect.poll(() => categories.getByRole('checkbox', { name: 'Moorings' }).count(), LOAD).toBe(1);
    await categories.getByRole('checkbox', { name: 'Moorings' }).check();
    const tags = page.getByRole('textbox', { name: 'Tags' });
    await tags.fill('Buoys');
    await tags.press('Enter');
    await expect.poll(async () => (await termNamed(page, 'tag', 'Buoys'))?.slug).toBe('buoys');
    await expect.poll(() => page.getByRole('button', { name: 'Remove “Buoys”' }).count()).toBe(1);
    // An existing tag, by its name.
    await tags.fill('anchors');
    await tags.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Remove “Anchors”' }).count()).toBe(1);
    expect((await termsOf(page, 'tag')).filter((term) => term.name.toLowerCase() === 'anchors')).toHaveLength(
      1,
    );
    // The editor around the pickers is another screen's: axe is held to the pickers here.
    const pickers = page
      .locator('fieldset')
      .filter({ has: page.getByRole('group', { name: 'Categories' }) })
      .filter({ has: tags })
      .last();
    expect(await violationsWithin(page, pickers)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-taxonomies-picker.png'), fullPage: true });

    await page.getByLabel(/^Title/).fill('Rigging a sloop');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect
      .poll(async () => {
        const list = await page.request.get(`${admin.base}/api/posts?status=any&q=sloop`);
        return ((await list.json()).data as Array<{ id: number }>).length;
      })
      .toBe(1);
    const list = await (await page.request.get(`${admin.base}/api/posts?status=any&q=sloop`)).json();
    const post = await (await page.request.get(`${admin.base}/api/posts/${list.data[0].id}`)).json();
    const buoys = (await termNamed(page, 'tag', 'Buoys')) as TermView;
    expect(post.data.terms.category).toEqual([moorings.id]);
    expect([...post.data.terms.tag].sort()).toEqual([anchors.id, buoys.id].sort());
    await context.close();
  });
});
