import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activatePlugin } from '../../../apps/server/src/core/plugins/plugin-admin.js';
import type { Site } from '../../../apps/server/src/core/sites/site.js';
import {
  type AdminBrowser,
  apiCall,
  describeInBrowser,
  PASSWORD,
  SCREENSHOTS,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../apps/server/test/admin-browser.js';
import type { Form, Submission, SubmittedValues } from '../src/model.js';
import type { FormsDb } from '../src/repo.js';
import { insertSubmission } from '../src/repo-submissions.js';
import { errorOf, fieldButton, LOAD, listed, signedIn as signedInAs, textbox } from './admin-screens.js';

/**
 * The forms plugin's admin module in chromium, as Tessera ships it (recorded from plugins/ at
 * start, switched on for a site in English and French), under the admin's real content security
 * policy: a form built by dragging field types onto it and with the keyboard, saved and found
 * intact after a reload, a server's refusal shown beside its input; submissions listed, searched,
 * filtered, opened, deleted and exported; axe on the builder, in English and French.
 */
let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  const site = (await admin.t.runtime.siteStore.findById(admin.siteId)) as Site;
  await activatePlugin(admin.t.runtime, 'forms', site);
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
  await seedAdminUser(admin, 'eve@example.test', 'editor', 'Eve');
  await seedAdminUser(admin, 'flo@example.test', 'admin', 'Flo');
  await seedAdminUser(admin, 'sam@example.test', 'super_admin', 'Sam');
  // The site speaks French too: the builder offers its translations.
  const { context, page } = await admin.open();
  await page.goto(`${admin.base}/admin/`);
  await signIn(page, 'sam@example.test');
  await page.getByRole('heading', { name: 'Welcome, Sam' }).waitFor({ timeout: 10_000 });
  const languages = await apiCall(page, admin.base, 'PUT', `/api/sites/${admin.siteId}`, {
    locales: ['en', 'fr'],
  });
  expect(languages.status, JSON.stringify(languages.body)).toBe(200);
  await context.close();
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

/** Signed in for axe (the policy bypassed so its script can be added), in the browser's language. */
async function signedInForAxe(email: string, locale = 'en-GB') {
  const { context, page } = await admin.open({ locale });
  await page.goto(`${admin.base}/admin/`);
  if (locale.startsWith('fr')) {
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  } else await signIn(page, email);
  await expect
    .poll(() => page.getByRole('heading', { name: /^(Welcome|Bienvenue), / }).count(), LOAD)
    .toBe(1);
  return { context, page };
}

async function createForm(page: Page, body: Record<string, unknown>): Promise<Form> {
  const made = await apiCall(page, admin.base, 'POST', '/api/forms/forms', body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data as Form;
}

async function storedForm(page: Page, id: number): Promise<Form> {
  const answer = await apiCall(page, admin.base, 'GET', `/api/forms/forms/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.data as Form;
}

/** Submissions written as the site's own sending writes them: through the plugin's repo, on the site's scoped handle. */
function submit(
  form: Form,
  values: SubmittedValues,
  createdAt: string,
  locale = 'en',
  files: Parameters<typeof insertSubmission>[2] = [],
) {
  const db = admin.t.runtime.data.site(admin.siteId) as unknown as FormsDb;
  return insertSubmission(
    db,
    { form_id: form.id, form_version: form.version, values, locale, created_at: createdAt, read_at: null },
    files,
  );
}

/** Drops a palette type onto an item of the list: in its upper part (before it) or lower (after). */
async function dropType(page: Page, type: string, target: Locator, where: 'before' | 'after' | 'centre') {
  const box = await target.boundingBox();
  if (!box) throw new Error('the drop target is not shown');
  const y = where === 'before' ? 4 : where === 'after' ? box.height - 4 : box.height / 2;
  await page
    .locator(`[data-field-type="${type}"]`)
    .dragTo(target, { targetPosition: { x: box.width / 2, y } });
}

/** Waits for the preview frame to show a text (it paints a moment after its document is set). */
async function previewShows(page: Page, text: string) {
  const shown = page.frameLocator('[data-testid="forms-preview-frame"]');
  await expect.poll(() => shown.getByText(text).count(), LOAD).toBeGreaterThan(0);
}

async function close(context: BrowserContext) {
  await context.close();
}

describeInBrowser("the forms plugin's admin", () => {
  it('builds a form by dragging field types onto it and with the keyboard, saves it and finds it intact after a reload', async () => {
    const { context, page, problems } = await signedInAs(admin, 'ada@example.test', 'Ada');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Forms', exact: true })
      .click();
    await expect.poll(() => page.getByRole('heading', { name: 'Forms', level: 1 }).count(), LOAD).toBe(1);
    await page.getByRole('button', { name: 'New form' }).click();
    const create = page.getByRole('dialog', { name: 'New form' });
    await create.getByLabel(/^Title/).fill('Harbour contact');
    await create.getByRole('button', { name: 'Create and add fields' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Harbour contact', level: 2 }).count(), LOAD)
      .toBe(1);
    const id = Number(/\/plugins\/forms\/forms\/(\d+)$/.exec(page.url())?.[1]);
    expect(id).toBeGreaterThan(0);

    // Dragged from the palette: onto the empty form, then after and before the fields there.
    await page.locator('[data-field-type="text"]').dragTo(page.getByTestId('forms-drop-zone'));
    await expect.poll(() => listed(page)).toEqual(['text']);
    await dropType(page, 'email', page.locator('[data-index="0"]'), 'after');
    await expect.poll(() => listed(page)).toEqual(['text', 'email']);
    await dropType(page, 'select', page.locator('[data-index="0"]'), 'before');
    await expect.poll(() => listed(page)).toEqual(['drop_down', 'text', 'email']);
    // A field dragged to another place: the email to the top.
    const box = await page.locator('[data-index="0"]').boundingBox();
    await page
      .locator('[data-index="2"]')
      .dragTo(page.locator('[data-index="0"]'), { targetPosition: { x: (box?.width ?? 100) / 2, y: 4 } });
    await expect.poll(() => listed(page)).toEqual(['email', 'drop_down', 'text']);

    // By the keyboard: Enter on a palette type adds it after the selected field, Alt+ArrowUp moves it.
    await fieldButton(page, 'Drop-down').click();
    await page.locator('[data-field-type="consent"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => listed(page)).toEqual(['email', 'drop_down', 'consent', 'text']);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Consent added, field 3 of 4.' }).count())
      .toBe(1);
    await fieldButton(page, 'Consent').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => listed(page)).toEqual(['email', 'consent', 'drop_down', 'text']);
    // The focus stayed on the field moved, so the keys go on moving it.
    await page.keyboard.press('Alt+ArrowDown');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => listed(page)).toEqual(['email', 'drop_down', 'text', 'consent']);

    // The text field set up: its name follows its label; required; the drop-down's options.
    await fieldButton(page, 'Text').click();
    await textbox(page, 'Label').fill('Your name');
    await expect.poll(() => textbox(page, 'Name').inputValue()).toBe('your_name');
    await page.getByLabel('Required').check();
    await textbox(page, 'Most characters').fill('80');
    await fieldButton(page, 'Drop-down').click();
    await textbox(page, 'Label').fill('Topic');
    await page.getByLabel(/^Label of option 1/).fill('Moorings');
    await page.getByLabel(/^Label of option 2/).fill('Repairs');
    await expect.poll(() => page.getByLabel(/^Value of option 2/).inputValue()).toBe('repairs');
    // A date's editor has no placeholder; a file's has its allowed kinds.
    await page.locator('[data-field-type="date"]').click();
    await expect.poll(() => page.getByLabel(/^Earliest date/).count()).toBe(1);
    expect(await page.getByLabel(/^Placeholder/).count()).toBe(0);
    await page.getByRole('button', { name: /^Remove: Date/ }).click();

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('combobox', { name: 'Send each submission to' }).fill('harbour@example.test');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Translations' }).click();
    await page.getByRole('group', { name: 'Your name' }).getByLabel('Label in French').fill('Votre nom');
    await page.getByRole('group', { name: 'The form' }).getByLabel('Title in French').fill('Contact du port');
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(1);

    // The preview follows, in the site's stylesheet, without scripts.
    const frame = page.getByTestId('forms-preview-frame');
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '', LOAD).toContain('Your name');
    await previewShows(page, 'Your name');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toMatch(
      /<link rel="stylesheet" href="http:\/\/localhost:\d+\/theme\//,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-builder-translations.png'), fullPage: true });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count(), LOAD).toBe(1);
    const saved = await storedForm(page, id);
    expect(saved.fields.map((field) => [field.name, field.type])).toEqual([
      ['email', 'email'],
      ['topic', 'select'],
      ['your_name', 'text'],
      ['consent', 'consent'],
    ]);
    expect(saved.fields[1]?.options).toEqual([
      { value: 'moorings', label: 'Moorings' },
      { value: 'repairs', label: 'Repairs' },
    ]);
    expect(saved.fields[2]).toMatchObject({ label: 'Your name', required: true, max_length: 80 });
    expect(saved.settings.recipients).toEqual(['harbour@example.test']);
    expect(saved.translations.fr).toMatchObject({
      title: 'Contact du port',
      fields: { your_name: { label: 'Votre nom' } },
    });

    await page.reload();
    await expect.poll(() => listed(page), LOAD).toEqual(['email', 'topic', 'your_name', 'consent']);
    await fieldButton(page, 'Topic').click();
    await previewShows(page, 'Moorings');
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-builder.png'), fullPage: true });
    // A whole-page capture may come before the sandboxed frame paints: the frame's own waits for it.
    await page
      .getByTestId('forms-preview-frame')
      .screenshot({ path: join(SCREENSHOTS, 'forms-builder-preview.png') });
    await fieldButton(page, 'Your name').click();
    expect(await textbox(page, 'Most characters').inputValue()).toBe('80');
    expect(await page.getByLabel('Required').isChecked()).toBe(true);
    // A saved field's name no longer follows its label: its submissions are kept under it.
    await textbox(page, 'Label').fill('Full name');
    expect(await textbox(page, 'Name').inputValue()).toBe('your_name');

    // Leaving with unsaved changes asks first.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Forms', exact: true })
      .click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect.poll(() => leave.count()).toBe(1);
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain(`/plugins/forms/forms/${id}`);
    expect(problems).toEqual([]);
    await close(context);
  });

  it("shows the server's refusal of a save beside the input it is about", async () => {
    const { context, page, problems } = await signedInAs(admin, 'ada@example.test', 'Ada');
    const form = await createForm(page, {
      title: 'Mooring request',
      fields: [
        { name: 'boat', type: 'text', label: 'Boat' },
        { name: 'email', type: 'email', label: 'Email' },
      ],
    });
    await createForm(page, { title: 'Taken address', slug: 'taken' });
    await page.goto(`${admin.base}/admin/plugins/forms/forms/${form.id}`);
    await fieldButton(page, 'Email').click();
    // Two fields of one name: the server names the second one's (fields.1.name).
    await textbox(page, 'Name').fill('boat');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The form was not saved' });
    await expect.poll(() => alert.count(), LOAD).toBe(1);
    const name = textbox(page, 'Name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf(name)).not.toBe('');
    expect(await page.locator('li', { has: fieldButton(page, 'Email') }).textContent()).toContain(
      'To correct',
    );
    await previewShows(page, 'Boat');
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-builder-422.png'), fullPage: true });

    // Corrected, and an address another form has: said beside the address, in the settings.
    await name.fill('email');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await textbox(page, 'Address').fill('taken');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => textbox(page, 'Address').getAttribute('aria-invalid'), LOAD).toBe('true');
    expect(await errorOf(textbox(page, 'Address'))).not.toBe('');
    await textbox(page, 'Address').fill('mooring-request');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('All changes saved').count(), LOAD).toBe(1);
    expect((await storedForm(page, form.id)).fields.map((field) => field.name)).toEqual(['boat', 'email']);

    // The list of forms: the other one deleted, after a question.
    await page.getByRole('link', { name: '← All forms' }).click();
    const taken = page.getByRole('row', { name: /Taken address/ });
    await expect.poll(() => taken.count(), LOAD).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-list.png'), fullPage: true });
    await taken.getByRole('button', { name: 'Delete “Taken address”' }).click();
    await page
      .getByRole('dialog', { name: 'Delete “Taken address”?' })
      .getByRole('button', { name: 'Delete the form' })
      .click();
    await expect.poll(() => taken.count(), LOAD).toBe(0);
    expect(await page.getByRole('row', { name: /Mooring request/ }).count()).toBe(1);
    expect(problems).toEqual([]);
    await close(context);
  });

  it('lists the submissions, searches and filters them, opens, marks, deletes and exports them', async () => {
    const { context, page, problems } = await signedInAs(admin, 'ada@example.test', 'Ada');
    const form = await createForm(page, {
      title: 'Boat hire',
      fields: [
        { name: 'name', type: 'text', label: 'Name' },
        { name: 'city', type: 'text', label: 'City' },
        { name: 'note', type: 'textarea', label: 'Note' },
        { name: 'licence', type: 'file', label: 'Licence' },
      ],
    });
    await submit(form, { name: 'Ada', city: 'Lisbon', note: '=SUM(A1)' }, '2025-03-01T10:00:00.000Z');
    const licence = {
      field: 'licence',
      filename: 'skipper-licence.pdf',
      content_type: 'application/pdf',
      size: 48_213,
      // The plugin's own private storage (plugin.files): a deletion checks the key is the plugin's.
      storage_key: `${admin.siteId}/plugins/forms/2025/03/skipper-licence`,
      sha256: '0'.repeat(64),
    };
    await submit(form, { name: 'Bo', city: 'Porto', note: 'Two boats' }, '2025-03-05T10:00:00.000Z', 'fr', [
      licence,
    ]);
    const cy = await submit(form, { name: 'Cy', city: 'Faro', note: 'One boat' }, '2025-03-09T10:00:00.000Z');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Form submissions' })
      .click();
    await page.getByRole('link', { name: 'Submissions of “Boat hire”' }).click();
    // The forms list's table may still be on screen for a moment: wait for the submissions' rows.
    const rows = page.locator('tbody tr');
    await expect.poll(async () => (await rows.first().textContent()) ?? '', LOAD).toContain('Name: Cy');
    await expect.poll(() => rows.count(), LOAD).toBe(3);

    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('lisbon');
    await expect.poll(() => rows.count(), LOAD).toBe(1);
    expect(page.url()).toContain('q=lisbon');
    const csv = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(csv).toBe(`/api/forms/forms/${form.id}/export?q=lisbon&format=csv`);
    const exported = await page.request.get(`${admin.base}${csv}`);
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toMatch(/^text\/csv/);
    const body = await exported.text();
    expect(body).toContain('Lisbon');
    expect(body).not.toContain('Porto');
    // The formula cell is neutralised.
    expect(body).toContain("'=SUM(A1)");
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
    await expect.poll(() => rows.count(), LOAD).toBe(3);
    await page.getByLabel('From').fill('2025-03-04');
    await expect.poll(() => rows.count(), LOAD).toBe(2);
    await page.getByLabel('From').fill('');
    await expect.poll(() => rows.count(), LOAD).toBe(3);

    // Opened: every field with its label, the language; read once opened.
    const open = (n: number) =>
      page
        .getByRole('button', { name: /^Open the submission of / })
        .nth(n)
        .click();
    await open(1);
    const detail = page.getByRole('dialog', { name: /^Submission \d+$/ });
    await expect.poll(() => detail.getByText('Porto').count(), LOAD).toBe(1);
    expect(await detail.textContent()).toContain('French');
    // Its file, a download served only to those who may read submissions.
    const file = detail.getByRole('link', { name: 'skipper-licence.pdf' });
    expect(await file.getAttribute('href')).toMatch(/^\/api\/forms\/files\/\d+$/);
    expect(await detail.textContent()).toContain('48.2 kB');
    const bo = Number(/(\d+)$/.exec((await detail.getByRole('heading').first().textContent()) ?? '')?.[1]);
    const read = async () =>
      ((await apiCall(page, admin.base, 'GET', `/api/forms/submissions/${bo}`)).body.data as Submission)
        .read_at;
    await expect.poll(read, LOAD).not.toBeNull();
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-submission.png'), fullPage: true });
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);

    // Read or not: Bo's is the one read.
    const show = (word: string) => page.getByRole('search').getByText(word, { exact: true }).click();
    await show('Read');
    await expect.poll(() => page.url()).toContain('read=read');
    await expect.poll(() => rows.count(), LOAD).toBe(1);
    await show('Unread');
    await expect.poll(() => rows.count(), LOAD).toBe(2);
    await show('All');
    await expect.poll(() => rows.count(), LOAD).toBe(3);
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-submissions.png'), fullPage: true });
    // Marked unread again, it stays so.
    await open(1);
    await detail.getByRole('button', { name: 'Mark unread' }).click();
    await expect.poll(read, LOAD).toBeNull();
    await page.keyboard.press('Escape');
    // A notification's link to one submission, by the form's address: it opens there.
    await page.goto(`${admin.base}/admin/plugins/forms/forms/${form.id}/submissions?open=${cy}`);
    await expect.poll(() => detail.getByText('Faro').count(), LOAD).toBe(1);
    expect(page.url()).toBe(`${admin.base}/admin/plugins/forms/submissions/${form.id}?open=${cy}`);
    await page.keyboard.press('Escape');

    // One deleted from its detail, then two selected and deleted together.
    await page
      .getByRole('button', { name: /^Open the submission of / })
      .first()
      .click();
    await detail.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this submission?' })
      .getByRole('button', { name: 'Delete it' })
      .click();
    await expect.poll(() => rows.count(), LOAD).toBe(2);
    await page.getByLabel('Select every submission of this page').check();
    await page
      .getByRole('group', { name: 'Selected submissions' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete 2 submissions?' })
      .getByRole('button', { name: 'Delete them' })
      .click();
    await expect
      .poll(() => page.getByText('Nothing has been sent with this form yet.').count(), LOAD)
      .toBe(1);
    expect((await storedForm(page, form.id)).submission_count).toBe(0);
    expect(problems).toEqual([]);
    await close(context);
  });

  it('hides both screens from an Editor, who holds neither permission', async () => {
    const { context, page, problems } = await signedInAs(admin, 'eve@example.test', 'Eve');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Forms', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Form submissions' }).count()).toBe(0);
    await page.goto(`${admin.base}/admin/plugins/forms/submissions`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count(), LOAD).toBe(1);
    expect(problems).toEqual([]);
    await close(context);
  });

  it('has no serious accessibility violations in the builder and the submissions, in English and French', async () => {
    const { context, page } = await signedInForAxe('ada@example.test');
    const form = await createForm(page, {
      title: 'Tide alerts',
      fields: [
        { name: 'email', type: 'email', label: 'Email', required: true },
        {
          name: 'ports',
          type: 'checkbox',
          label: 'Ports',
          options: [
            { value: 'north', label: 'North' },
            { value: 'south', label: 'South' },
          ],
        },
      ],
    });
    await submit(form, { email: 'ada@example.test', ports: ['north'] }, '2025-03-01T10:00:00.000Z');
    await page.goto(`${admin.base}/admin/plugins/forms/forms/${form.id}`);
    await fieldButton(page, 'Ports').click();
    await expect.poll(() => page.getByLabel(/^Label of option 2/).count(), LOAD).toBe(1);
    await expect
      .poll(async () => (await page.getByTestId('forms-preview-frame').count()) > 0, LOAD)
      .toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Settings' }).click();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'forms-builder-settings.png'), fullPage: true });
    await page.getByRole('tab', { name: 'Translations' }).click();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${admin.base}/admin/plugins/forms/submissions/${form.id}`);
    await expect.poll(() => page.locator('tbody tr').count(), LOAD).toBe(1);
    expect(await violations(page)).toEqual([]);
    await close(context);

    const french = await signedInForAxe('flo@example.test', 'fr-FR');
    expect((await apiCall(french.page, admin.base, 'PUT', '/api/me', { locale: 'fr' })).status).toBe(200);
    await french.page.goto(`${admin.base}/admin/plugins/forms/forms`);
    await expect
      .poll(() => french.page.getByRole('heading', { name: 'Formulaires', level: 1 }).count(), LOAD)
      .toBe(1);
    await french.page.goto(`${admin.base}/admin/plugins/forms/forms/${form.id}`);
    await expect
      .poll(() => french.page.getByRole('heading', { name: 'Ajouter un champ' }).count(), LOAD)
      .toBe(1);
    expect(await french.page.getByRole('button', { name: 'Enregistrer', exact: true }).count()).toBe(1);
    expect(await violations(french.page)).toEqual([]);
    await previewShows(french.page, 'Ports');
    await french.page.screenshot({ path: join(SCREENSHOTS, 'forms-builder-fr.png'), fullPage: true });
    await close(french.context);
  });
});
