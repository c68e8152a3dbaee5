import { join } from 'node:path';
import type { Page } from 'playwright-core';
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
 * The content type designer in chromium against a real server: a Product type made field by field
 * (text, number, select with choices, repeater with a sub-field), checked through the API and in
 * the navigation; then a field holding values removed only after the data-loss question, a key
 * renamed with its values, a bad route pattern refused, and the type deleted with its entries; then
 * a Voyage type whose relation field is made in the designer, and an entry of it linked to two posts
 * with the relation picker, checked through the API.
 */
const EMAIL = 'ada@example.test';
/** Signing in, then a screen's chunk and first calls: more than a poll's default second on a busy machine. */
const LOAD = { timeout: 15_000 };

interface FieldView {
  key: string;
  label: string;
  type: string;
  required?: boolean;
  decimals?: number;
  choices?: { value: string; label: string }[];
  fields?: FieldView[];
}

let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  // The site's admin role holds content_types.manage: no Super Admin needed.
  await seedAdminUser(admin, EMAIL, 'admin', 'Ada');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

async function typeOf(page: Page, slug: string) {
  const answer = await page.request.get(`${admin.base}/api/content-types/${slug}`);
  return {
    status: answer.status(),
    type: (await answer.json()).data as { fields: FieldView[]; route_pattern: string },
  };
}

/** Adds a field of `type` to the list whose "Add" button is `add`, and names it. */
async function addField(page: Page, add: string, type: string, label: string) {
  await page.getByRole('button', { name: add, exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the type of the field' });
  // A choice's name is the type's, then what it holds.
  await picker.getByRole('button', { name: new RegExp(`^${type} `) }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  const row = page.getByRole('listitem', { name: '(no label)' });
  // The new field's label has the focus.
  await expect
    .poll(() => row.getByLabel(/^Label/).evaluate((input) => input === document.activeElement))
    .toBe(true);
  await page.keyboard.type(label);
  return page.getByRole('listitem', { name: label, exact: true });
}

/** The whole page in one picture: the window made as tall as it, so the fixed header stays on top. */
async function screenshotAll(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height });
  await page.screenshot({ path: join(SCREENSHOTS, name) });
  await page.setViewportSize(size);
}

describeInBrowser('the content type designer', () => {
  it('designs a Product type, removes a field holding values after asking, and deletes the type', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/content-types`);
    await signIn(page, EMAIL);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Content types', level: 1 }).count(), LOAD)
      .toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Content types' }).getAttribute('aria-current')).toBe('page');
    const rows = page.getByRole('row');
    await expect.poll(() => rows.filter({ hasText: 'Built-in' }).count(), LOAD).toBe(2);
    expect(await page.getByRole('button', { name: 'Delete: Pages' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-types-list.png'), fullPage: true });

    // The basics: the slug and the address follow the names until typed.
    await page.getByRole('link', { name: 'New content type' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New content type' }).count(), LOAD).toBe(1);
    await page.getByLabel(/^Name of one/).fill('Product');
    await page.getByLabel(/^Name of several/).fill('Products');
    expect(await page.getByLabel(/^Slug/).inputValue()).toBe('product');
    expect(await page.getByLabel(/^Address of an entry/).inputValue()).toBe('/products/{slug}');
    await expect.poll(() => page.getByText('Example: /products/my-first-product').count()).toBe(1);
    await page.getByLabel(/^Description/).fill('What the shop sells.');
    await page.getByRole('checkbox', { name: 'Categories' }).check();

    // The fields, each with the options its type takes.
    const sku = await addField(page, 'Add a field', 'Text', 'SKU');
    expect(await sku.getByLabel(/^Key/).inputValue()).toBe('sku');
    expect(await sku.getByLabel('Decimal places').count()).toBe(0);
    await sku.getByRole('checkbox', { name: 'Required' }).check();
    await sku.getByRole('button', { name: 'Done: SKU' }).click();

    const price = await addField(page, 'Add a field', 'Number', 'Price');
    expect(await price.getByLabel('Pattern').count()).toBe(0);
    await price.getByLabel('Decimal places').fill('2');
    await price.getByRole('button', { name: 'Done: Price' }).click();

    const size = await addField(page, 'Add a field', 'Select', 'Size');
    for (const [index, choice] of ['S', 'M', 'L'].entries()) {
      await size.getByRole('button', { name: 'Add a choice: Size' }).click();
      await size.getByLabel(`Choice ${index + 1}: label`).fill(choice);
    }
    expect(await size.getByLabel('Choice 3: value').inputValue()).toBe('L');
    await size.getByRole('button', { name: 'Done: Size' }).click();

    await addField(page, 'Add a field', 'Repeater', 'Variants');
    await addField(page, 'Add a field to Variants', 'Text', 'Colour');
    const variants = page.getByRole('listitem', { name: 'Variants', exact: true });
    expect(await variants.getByRole('listitem', { name: 'Colour' }).count()).toBe(1);

    // A repeater keeps its sub-fields' order; the keyboard moves fields.
    await page.getByRole('button', { name: 'Move up: Variants' }).click();
    await page.getByRole('button', { name: 'Move down: Variants' }).click();
    expect(await violations(page)).toEqual([]);
    await screenshotAll(page, 'admin-types-designer.png');

    await page.getByRole('button', { name: 'Add a field', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the type of the field' });
    await expect.poll(() => picker.getByRole('button').count()).toBeGreaterThan(17);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-types-picker.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Create the content type' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Content type “Products”' }).count(), LOAD)
      .toBe(1);
    // The address follows in an effect after the render that shows the new heading.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/content-types/product');
    const created = await typeOf(page, 'product');
    expect(created.status).toBe(200);
    expect(created.type.route_pattern).toBe('/products/{slug}');
    expect(created.type.fields).toEqual([
      { key: 'sku', label: 'SKU', type: 'text', required: true },
      { key: 'price', label: 'Price', type: 'number', decimals: 2 },
      {
        key: 'size',
        label: 'Size',
        type: 'select',
        choices: [
          { value: 'S', label: 'S' },
          { value: 'M', label: 'M' },
          { value: 'L', label: 'L' },
        ],
      },
      {
        key: 'variants',
        label: 'Variants',
        type: 'repeater',
        fields: [{ key: 'colour', label: 'Colour', type: 'text' }],
      },
    ]);
    // The navigation shows the new type, for a user who may now see its entries.
    await expect.poll(() => nav.getByRole('link', { name: 'Products' }).count(), LOAD).toBe(1);

    // An entry holds a price: removing the field asks first, naming it.
    const headers = await csrfHeaders(page, admin.base);
    const entry = await page.request.post(`${admin.base}/api/content/product`, {
      headers,
      data: { title: 'Blue shirt', fields: { sku: 'BS-1', price: 19.99 } },
    });
    expect(entry.status(), await entry.text()).toBe(201);
    const entryId = (await entry.json()).data.id as number;
    const sent: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/content-types/product'))
        sent.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.getByRole('button', { name: 'Remove: Price' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const loss = page.getByRole('dialog', { name: 'Delete saved values?' });
    await expect.poll(() => loss.getByText('Price (price)').count(), LOAD).toBe(1);
    expect(await loss.textContent()).toContain('removing it deletes them');
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-types-data-loss.png') });
    // Only what changed is sent; agreement comes with the second request only.
    expect(Object.keys(sent[0] ?? {})).toEqual(['fields']);
    expect((await typeOf(page, 'product')).type.fields.map((field) => field.key)).toContain('price');
    await loss.getByRole('button', { name: 'Delete the values and save' }).click();
    await expect
      .poll(async () => (await typeOf(page, 'product')).type.fields.map((field) => field.key), LOAD)
      .toEqual(['sku', 'size', 'variants']);
    expect(Object.keys(sent[1] ?? {}).sort()).toEqual(['confirm_data_loss', 'fields']);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);

    // A saved key renamed: its values move with it.
    await page.getByRole('button', { name: 'Edit: SKU' }).click();
    const skuRow = page.getByRole('listitem', { name: 'SKU', exact: true });
    await skuRow.getByLabel(/^Key/).fill('code');
    expect(await skuRow.getByText('Renamed from sku').count()).toBe(1);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await typeOf(page, 'product')).type.fields.map((field) => field.key), LOAD)
      .toEqual(['code', 'size', 'variants']);
    expect(sent[2]).toMatchObject({ renames: { sku: 'code' } });
    const moved = await page.request.get(`${admin.base}/api/content/product/${entryId}`);
    expect((await moved.json()).data.fields).toEqual({ code: 'BS-1' });

    // A route pattern the server refuses: its message beside the input, nothing saved.
    const route = page.getByLabel(/^Address of an entry/);
    await route.fill('/products/{name}');
    await expect.poll(() => page.getByText('Example: /products/{name}').count()).toBe(1);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.getByText('{name} is not a placeholder', { exact: false }).count(), LOAD)
      .toBe(1);
    expect(await route.getAttribute('aria-invalid')).toBe('true');
    expect((await typeOf(page, 'product')).type.route_pattern).toBe('/products/{slug}');
    expect(await violations(page)).toEqual([]);
    await route.evaluate((input) => input.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-types-route-error.png') });
    await route.fill('/shop/{yyyy}/{slug}');
    await expect.poll(() => page.getByText(/Example: \/shop\/\d{4}\/my-first-product/).count()).toBe(1);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await typeOf(page, 'product')).type.route_pattern, LOAD)
      .toBe('/shop/{yyyy}/{slug}');
    // The designer has taken the answer in (the server may hold it before the page does).
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count(), LOAD).toBe(1);

    // A phone's width: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Edit: Size' }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    const choices = page
      .getByRole('listitem', { name: 'Size', exact: true })
      .getByText('Choices', { exact: true });
    await expect.poll(() => choices.count(), LOAD).toBe(1);
    await choices.evaluate((legend) => legend.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-types-mobile.png') });
    await page
      .getByRole('heading', { name: 'Fields', level: 2 })
      .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-types-mobile-fields.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Leaving with unsaved changes asks first.
    await page.getByLabel(/^Description/).fill('Changed, not saved.');
    await page.getByRole('link', { name: 'All content types' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect.poll(() => leave.count()).toBe(1);
    await leave.getByRole('button', { name: 'Leave' }).click();

    // Deleting the type: its entry goes with it, once that is ticked.
    await page.getByRole('button', { name: 'Delete: Products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Products?' });
    await expect.poll(() => dialog.getByText('deleted with it: 1').count(), LOAD).toBe(1);
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Delete its entries too' }).check();
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await confirm.click();
    await expect.poll(async () => (await typeOf(page, 'product')).status, LOAD).toBe(404);
    await expect.poll(() => nav.getByRole('link', { name: 'Products' }).count(), LOAD).toBe(0);
    await context.close();
  });

  it('adds a relation field in the designer, then links an entry to two posts with the picker', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/content-types`);
    await signIn(page, EMAIL);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Content types', level: 1 }).count(), LOAD)
      .toBe(1);
    const headers = await csrfHeaders(page, admin.base);
    const logbooks: Record<string, number> = {};
    for (const title of ['Winter logbook', 'Summer logbook']) {
      const post = await page.request.post(`${admin.base}/api/posts`, { headers, data: { title } });
      expect(post.status(), await post.text()).toBe(201);
      logbooks[title] = (await post.json()).data.id;
    }

    // The type and its relation field, made in the designer.
    await page.getByRole('link', { name: 'New content type' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New content type' }).count(), LOAD).toBe(1);
    await page.getByLabel(/^Name of one/).fill('Voyage');
    await page.getByLabel(/^Name of several/).fill('Voyages');
    const field = await addField(page, 'Add a field', 'Relation', 'Logbooks');
    await field.getByLabel(/^Entries of/).click();
    await page.getByRole('option', { name: 'Posts' }).click();
    await field.getByRole('radio', { name: 'Several entries' }).check();
    expect(await violations(page)).toEqual([]);
    await field.getByRole('button', { name: 'Done: Logbooks' }).click();
    await page.getByRole('button', { name: 'Create the content type' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Content type “Voyages”' }).count(), LOAD)
      .toBe(1);
    expect((await typeOf(page, 'voyage')).type.fields).toEqual([
      { key: 'logbooks', label: 'Logbooks', type: 'relation', target_type: 'post', cardinality: 'many' },
    ]);

    // An entry of the new type, its relation chosen with the picker's search.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Voyages' }).click();
    await page.getByRole('link', { name: 'New Voyage' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New Voyage' }).count(), LOAD).toBe(1);
    await page.getByLabel(/^Title/).fill('Crossing to Ushant');
    const search = page.getByRole('textbox', { name: 'Search to add: Logbooks' });
    for (const [typed, title] of [
      ['winter', 'Winter logbook'],
      ['summer', 'Summer logbook'],
    ] as const) {
      await search.fill(typed);
      // The list first shows every post, then (after the typing pause) the matches: wait for those.
      await expect
        .poll(() => page.getByRole('option').allTextContents(), LOAD)
        .toEqual([expect.stringMatching(new RegExp(title))]);
      await page.getByRole('option', { name: new RegExp(title) }).click();
    }
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-types-relation-entry.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect.poll(() => new URL(page.url()).pathname, LOAD).toMatch(/^\/admin\/content\/voyage\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // The relation as the API gives it: the ids in order, the related posts embedded on asking,
    // and each post knowing the voyage names it.
    const saved = await page.request.get(`${admin.base}/api/content/voyage/${id}?include=logbooks`);
    const body = (await saved.json()).data;
    expect(body.fields.logbooks).toEqual([logbooks['Winter logbook'], logbooks['Summer logbook']]);
    expect(JSON.stringify(body)).toContain('Summer logbook');
    const referenced = await page.request.get(
      `${admin.base}/api/posts/${logbooks['Winter logbook']}/referenced-by`,
    );
    expect((await referenced.json()).data).toEqual([
      expect.objectContaining({ id, type: 'voyage', title: 'Crossing to Ushant', field: 'logbooks' }),
    ]);
    await context.close();
  });
});
