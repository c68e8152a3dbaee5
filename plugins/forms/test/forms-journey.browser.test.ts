import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activatePlugin } from '../../../apps/server/src/core/plugins/plugin-admin.js';
import type { Site } from '../../../apps/server/src/core/sites/site.js';
import {
  type AdminBrowser,
  apiCall,
  describeInBrowser,
  SCREENSHOTS,
  seedAdminUser,
  startAdminBrowser,
  violations,
} from '../../../apps/server/test/admin-browser.js';
import type { Form } from '../src/model.js';
import { errorOf, fieldButton, LOAD, listed, signedIn, textbox } from './admin-screens.js';

/**
 * The forms plugin's whole path in chromium, as issue 38's "Done means" walks it: an admin builds a
 * form by dragging field types onto it, places it in a page with the visual builder's Form block and
 * publishes the page; a visitor (another browser, no session) sends it with a wrong address, is shown
 * the fault beside the field with what they typed, corrects it and is thanked; the admin finds the
 * submission in the form's submissions and in its CSV export. axe on the visitor's pages.
 */
let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  const site = (await admin.t.runtime.siteStore.findById(admin.siteId)) as Site;
  await activatePlugin(admin.t.runtime, 'forms', site);
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

const TITLE = 'Harbour office';
const THANKS = 'Thank you: the harbour office answers within a day.';
const MESSAGE = 'Two berths for the weekend of 12 April, please.';

/** What one step leaves to the next: the journey is one story, told in order. */
const journey: { formId?: number; slug?: string; pageUrl?: string } = {};

/** The admin, on a screen as wide as the visual builder's test uses. */
const signedInAda = () => signedIn(admin, 'ada@example.test', 'Ada', { width: 1600, height: 1000 });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Drops a palette field type onto the lower part of a field of the list: after it. */
async function dropAfter(page: Page, type: string, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('the drop target is not shown');
  await page
    .locator(`[data-field-type="${type}"]`)
    .dragTo(target, { targetPosition: { x: box.width / 2, y: box.height - 4 } });
}

/** A press on `from` dragged in small steps to `to`: the visual builder follows the pointer. */
async function drag(page: Page, from: Locator, to: { x: number; y: number }) {
  const box = await from.boundingBox();
  if (!box) throw new Error('the dragged item is not shown');
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(start.x + ((to.x - start.x) * i) / steps, start.y + ((to.y - start.y) * i) / steps);
  await page.mouse.up();
}

/** The id of the element holding the focus, once the page has settled on one. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describeInBrowser("the forms plugin's whole path: built, placed, sent, read", () => {
  it('an admin builds the form by dragging its fields onto it, and saves it', async () => {
    const { context, page, problems } = await signedInAda();
    await nav(page).getByRole('link', { name: 'Forms', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Forms', level: 1 }).count(), LOAD).toBe(1);
    await page.getByRole('button', { name: 'New form' }).click();
    const create = page.getByRole('dialog', { name: 'New form' });
    await create.getByLabel(/^Title/).fill(TITLE);
    await create.getByRole('button', { name: 'Create and add fields' }).click();
    await expect.poll(() => page.getByRole('heading', { name: TITLE, level: 2 }).count(), LOAD).toBe(1);
    const id = Number(/\/plugins\/forms\/forms\/(\d+)$/.exec(page.url())?.[1]);
    expect(id).toBeGreaterThan(0);

    // A text field onto the empty form, an email after it, a paragraph after that.
    await page.locator('[data-field-type="text"]').dragTo(page.getByTestId('forms-drop-zone'));
    await expect.poll(() => listed(page)).toEqual(['text']);
    await dropAfter(page, 'email', page.locator('[data-index="0"]'));
    await expect.poll(() => listed(page)).toEqual(['text', 'email']);
    await dropAfter(page, 'textarea', page.locator('[data-index="1"]'));
    await expect.poll(() => listed(page)).toEqual(['text', 'email', 'paragraph']);

    // Each set up: its name follows its label while it is new.
    await fieldButton(page, 'Text').click();
    await textbox(page, 'Label').fill('Name');
    await expect.poll(() => textbox(page, 'Name').inputValue()).toBe('name');
    await page.getByLabel('Required').check();
    await fieldButton(page, 'Email').click();
    await page.getByLabel('Required').check();
    await fieldButton(page, 'Paragraph').click();
    await textbox(page, 'Label').fill('Message');
    await expect.poll(() => listed(page)).toEqual(['name', 'email', 'message']);

    // Its settings: the thanks it shows, and no fewest seconds to fill it in (a test types faster
    // than the 3 s a person takes, which the forms setting expects).
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('textbox', { name: /^Message/ }).fill(THANKS);
    await page.getByRole('textbox', { name: /^Fewest seconds to fill in/ }).fill('0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count(), LOAD).toBe(1);

    const saved = (await apiCall(page, admin.base, 'GET', `/api/forms/forms/${id}`)).body.data as Form;
    expect(saved.fields.map((field) => [field.name, field.type, field.label, field.required])).toEqual([
      ['name', 'text', 'Name', true],
      ['email', 'email', 'Email', true],
      ['message', 'textarea', 'Message', false],
    ]);
    expect(saved.settings.success).toEqual({ kind: 'message', message: THANKS });
    expect(saved.settings.min_seconds).toBe(0);
    journey.formId = id;
    journey.slug = saved.slug;
    expect(problems).toEqual([]);
    await context.close();
  });

  it("places the form in a page with the visual builder's Form block, and publishes the page", async () => {
    const formId = journey.formId;
    if (formId === undefined) throw new Error('the form was not built');
    const { context, page, problems } = await signedInAda();
    const created = await apiCall(page, admin.base, 'POST', '/api/pages', { title: 'Contact' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pageId = created.body.data.id as number;

    await page.goto(`${admin.base}/admin/builder/page/${pageId}`);
    const canvas = page.locator('[data-testid="builder-canvas"]');
    const frame = page.frameLocator('[data-testid="builder-canvas"]');
    // Found in the palette by its name, as one looks for a block among many.
    await page.getByLabel('Search blocks and patterns').fill('form');
    const item = page.locator('[data-block-type="forms.form"]');
    await expect.poll(() => item.count(), LOAD).toBe(1);
    expect(((await item.textContent()) ?? '').trim()).toBe('Form');
    const canvasBox = await canvas.boundingBox();
    if (!canvasBox) throw new Error('no canvas');
    await drag(page, item, { x: canvasBox.x + 300, y: canvasBox.y + 60 });
    await expect.poll(() => frame.locator('[data-block-id]').count()).toBe(1);

    // Chosen in the block's settings by its title, among the site's forms (the plugin's choices).
    const settings = page.getByRole('complementary', { name: 'Block settings' });
    await expect.poll(() => settings.getByRole('heading', { name: 'Settings: Form' }).count()).toBe(1);
    await expect.poll(() => frame.getByText(`${formId}: ${TITLE}`).count()).toBe(1);
    await settings.getByLabel('Form', { exact: true }).click();
    await page.getByRole('option', { name: TITLE, exact: true }).click();
    // The canvas shows the form, without a token: it cannot be sent from there.
    await expect.poll(() => frame.getByRole('heading', { name: TITLE }).count(), LOAD).toBe(1);
    expect(await frame.getByLabel(/^Email/).count()).toBe(1);
    expect(await frame.locator('input[name="form_token"]').count()).toBe(0);
    await expect
      .poll(() => page.locator('[data-save-status]').getAttribute('data-save-status'), { timeout: 15_000 })
      .toBe('saved');

    await page.getByRole('button', { name: 'Publish…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    const stored = async () =>
      (await apiCall(page, admin.base, 'GET', `/api/content/page/${pageId}`)).body.data;
    await expect.poll(async () => (await stored()).status, LOAD).toBe('published');
    const entry = await stored();
    expect(entry.blocks).toMatchObject([{ type: 'forms.form', props: { form_id: formId } }]);
    journey.pageUrl = entry.url as string;
    expect(journey.pageUrl).toMatch(/^\//);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a visitor sends it with a wrong address, sees the fault beside the field, corrects it and is thanked', async () => {
    const { pageUrl, slug } = journey;
    if (pageUrl === undefined || slug === undefined) throw new Error('the page was not published');
    // A browser of its own, no session: the visitor. (Its CSP bypassed so axe can be added.)
    const { context, page } = await admin.open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    expect((await page.goto(`${admin.base}${pageUrl}`))?.status()).toBe(200);
    expect(await page.getByRole('heading', { name: TITLE, level: 2 }).isVisible()).toBe(true);
    // The form works without scripts: the page brings none.
    expect(scripts).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-site-page.png'), fullPage: true });

    const name = () => page.getByLabel(/^Name/);
    const email = () => page.getByLabel(/^Email/);
    const message = () => page.getByLabel(/^Message/);
    expect(await name().getAttribute('required')).not.toBeNull();
    expect(await email().getAttribute('type')).toBe('email');
    // An address the browser lets through (no dot after the @) but the server does not.
    await name().fill('Ada Lovelace');
    await email().fill('ada@harbour');
    await message().fill(MESSAGE);
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(refused.status()).toBe(422);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe(`/forms/${slug}`);

    // The fault beside the Email field, tied to it, the focus on it, what was typed kept.
    expect(await email().getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf(email())).toBe('Enter an email address, such as name@example.com.');
    expect(await page.getByRole('alert').textContent()).toContain('Email: Enter an email address');
    await expect.poll(() => focusedId(page)).toBe((await email().getAttribute('id')) ?? 'no id');
    expect(await email().inputValue()).toBe('ada@harbour');
    expect(await name().inputValue()).toBe('Ada Lovelace');
    expect(await message().inputValue()).toBe(MESSAGE);
    expect(await name().getAttribute('aria-invalid')).toBeNull();
    // The fault is drawn beside the field: under its input, within its own field's box.
    const fieldBox = await page.locator('.tb-form-field--invalid').boundingBox();
    const errorBox = await page.locator('.tb-form-field--invalid .tb-form-error').boundingBox();
    expect(await page.locator('.tb-form-field--invalid').count()).toBe(1);
    expect(
      await page
        .locator('.tb-form-field--invalid')
        .getByLabel(/^Email/)
        .count(),
    ).toBe(1);
    const emailBox = await email().boundingBox();
    if (!fieldBox || !errorBox || !emailBox) throw new Error('the field or its fault is not shown');
    expect(errorBox.y).toBeGreaterThanOrEqual(emailBox.y + emailBox.height - 1);
    expect(errorBox.y + errorBox.height).toBeLessThanOrEqual(fieldBox.y + fieldBox.height + 1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-site-error.png'), fullPage: true });

    await email().fill('ada@harbour.test');
    const [sent] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(sent.status()).toBe(303);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe(`/forms/${slug}/sent`);
    expect(await page.getByRole('status').textContent()).toContain(THANKS);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-site-sent.png'), fullPage: true });
    // The visitor holds no session: nothing was signed in along the way.
    expect((await context.cookies()).filter((cookie) => /session/i.test(cookie.name))).toEqual([]);
    await context.close();
  });

  it('the admin finds the submission in the form’s submissions and in its CSV export', async () => {
    const formId = journey.formId;
    if (formId === undefined) throw new Error('the form was not built');
    const { context, page, problems } = await signedInAda();
    await nav(page).getByRole('link', { name: 'Form submissions' }).click();
    await page.getByRole('link', { name: `Submissions of “${TITLE}”` }).click();
    const rows = page.locator('tbody tr');
    await expect.poll(async () => (await rows.first().textContent()) ?? '', LOAD).toContain('Ada Lovelace');
    expect(await rows.count()).toBe(1);
    expect(page.url()).toContain(`/admin/plugins/forms/submissions/${formId}`);

    await page
      .getByRole('button', { name: /^Open the submission of / })
      .first()
      .click();
    const detail = page.getByRole('dialog', { name: /^Submission \d+$/ });
    await expect.poll(() => detail.getByText(MESSAGE).count(), LOAD).toBe(1);
    const shown = (await detail.textContent()) ?? '';
    expect(shown).toContain('Ada Lovelace');
    expect(shown).toContain('ada@harbour.test');
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);

    const link = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(link).toBe(`/api/forms/forms/${formId}/export?format=csv`);
    const exported = await page.request.get(`${admin.base}${link}`);
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toMatch(/^text\/csv/);
    const lines = (await exported.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/Name.*Email.*Message/);
    expect(lines[1]).toContain('Ada Lovelace');
    expect(lines[1]).toContain('ada@harbour.test');
    expect(lines[1]).toContain(MESSAGE);
    expect(problems).toEqual([]);
    await context.close();
  });
});
