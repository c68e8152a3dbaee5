import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
} from '../../../test/admin-browser.js';

/**
 * The email templates screen in chromium against a real server: an event's template edited in its
 * code editors with the live preview following (the sandboxed frame's srcdoc), a broken Liquid tag
 * refused beside the HTML part with its line and nothing stored, a variable inserted at the cursor,
 * Save and Reset read back from the API, the desktop and phone widths, axe, and French.
 */
const ADA = 'ada@example.test';
const MARIE = 'marie@example.test';
const EVENT = 'account.verify';
const PATH = `/api/email-templates/${EVENT}?locale=en`;

/** Sign-in and the screen's lazy chunk (CodeMirror) take more than a second on a busy machine. */
const LOAD = { timeout: 10_000 };

let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, ADA, 'admin', 'Ada');
  await seedAdminUser(admin, MARIE, 'admin', 'Marie');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

async function signedIn(email: string, path: string): Promise<Page> {
  const { page } = await admin.open();
  await page.goto(`${admin.base}/admin${path}`);
  await signIn(page, email);
  return page;
}

/** A part's editor: the CodeMirror content the keyboard types into. */
const editor = (page: Page, part: 'subject' | 'html' | 'text'): Locator =>
  page.locator(`[data-part="${part}"] .cm-content`);

const frame = (page: Page): Locator => page.locator('iframe[title="The HTML part of the mail"]');
const srcdoc = async (page: Page): Promise<string> => (await frame(page).getAttribute('srcdoc')) ?? '';

/** Picks an option of a segmented control (radios) from the keyboard, as its label says. */
async function choose(page: Page, name: string): Promise<void> {
  await page.getByRole('radio', { name }).focus();
  await page.keyboard.press('Space');
}

/**
 * The whole page, as tall a viewport as the page: chromium draws a frame of another process (the
 * sandboxed preview) only within the viewport, so a full-page capture would leave it blank. Or only
 * `within` (the preview card).
 */
async function shoot(page: Page, name: string, within?: Locator): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.frameLocator('iframe[sandbox]').locator('body').waitFor();
  const path = join(SCREENSHOTS, name);
  await (within ? within.screenshot({ path }) : page.screenshot({ path }));
  await page.setViewportSize(viewport);
}

const previewCard = (page: Page): Locator => page.locator('section[aria-labelledby="mail-preview"]');

describeInBrowser('the email templates screen', () => {
  it('edits a template with its live preview, refuses a broken tag by its line, saves and resets', async () => {
    const page = await signedIn(ADA, '/email-templates');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Email templates', level: 1 }).count(), LOAD)
      .toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Email templates' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expect.poll(() => page.getByRole('link', { name: EVENT, exact: true }).count(), LOAD).toBe(1);
    expect(
      await page.getByText('A visitor registered an account: the link that confirms their address').count(),
    ).toBe(1);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: EVENT, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/email-templates/${EVENT}`);
    await expect.poll(() => page.getByRole('heading', { name: EVENT, level: 1 }).count(), LOAD).toBe(1);
    await expect.poll(() => editor(page, 'subject').count(), LOAD).toBe(1);
    expect(await page.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    expect(await editor(page, 'subject').innerText()).toBe('Confirm your address for {{ site.name }}');
    await expect.poll(() => srcdoc(page), LOAD).toContain('Confirm my address');
    expect(await frame(page).getAttribute('sandbox')).toBe('');

    // The subject and the HTML changed: the preview follows, the unsaved parts rendered by the server.
    await editor(page, 'subject').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText('Welcome aboard {{ recipient.name }}');
    await page.keyboard.press('Enter'); // one line: Enter adds nothing
    await editor(page, 'html').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\n<p>Harbour tide tables inside.</p>');
    await expect.poll(() => srcdoc(page), LOAD).toContain('Harbour tide tables inside.');
    // Shown in the frame itself, not only handed to it.
    await expect
      .poll(() => page.frameLocator('iframe[sandbox]').getByText('Harbour tide tables inside.').count(), LOAD)
      .toBe(1);
    await expect
      .poll(() => page.getByTestId('preview-subject').innerText())
      .toBe('Welcome aboard Ada Lovelace');
    expect(await editor(page, 'subject').innerText()).toBe('Welcome aboard {{ recipient.name }}');
    expect(await page.getByTestId('preview-text').innerText()).toContain('confirm your address');

    // A variable goes in at the cursor of the part last in focus.
    await page.getByRole('button', { name: 'Insert {{ link }} (HTML part)' }).click();
    expect(await editor(page, 'html').innerText()).toMatch(
      /Harbour tide tables inside\.<\/p>\{\{ link \}\}$/,
    );
    await page.keyboard.press('Control+z');
    expect(await editor(page, 'html').innerText()).toMatch(/Harbour tide tables inside\.<\/p>$/);

    // A broken Liquid tag: its line beside the HTML part as soon as the preview meets it.
    await page.keyboard.insertText('\n<p>{% iff link %}Open it{% endif %}</p>');
    const htmlError = page.locator('[data-part-error="html"]');
    await expect.poll(() => htmlError.count(), LOAD).toBe(1);
    expect(await htmlError.innerText()).toMatch(/^Line 7: /);
    expect(await page.locator('[data-part="html"] .cm-problem-line').count()).toBe(1);
    expect(await editor(page, 'html').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('The template has a problem: the preview shows').count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('The template was not saved: see the parts marked below.').count())
      .toBe(1);
    expect((await apiCall(page, admin.base, 'GET', PATH)).body.data.customised).toBe(false);
    await shoot(page, 'admin-email-template-refused.png');

    // The tag taken back (undo): the preview shows again, and Save stores the parts as typed.
    await editor(page, 'html').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Control+z');
    await expect.poll(() => htmlError.count(), LOAD).toBe(0);
    await expect.poll(() => page.getByText('The template has a problem').count(), LOAD).toBe(0);
    expect(await violations(page)).toEqual([]);
    await shoot(page, 'admin-email-template.png');
    await shoot(page, 'admin-email-template-preview-desktop.png', previewCard(page));
    await choose(page, 'Mobile');
    await expect.poll(() => frame(page).getAttribute('data-width')).toBe('mobile');
    expect(await frame(page).evaluate((element) => element.getBoundingClientRect().width)).toBe(375);
    await shoot(page, 'admin-email-template-preview-mobile.png', previewCard(page));

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Template saved.').count(), LOAD).toBe(1);
    const saved = (await apiCall(page, admin.base, 'GET', PATH)).body.data;
    expect(saved).toMatchObject({ customised: true, subject: 'Welcome aboard {{ recipient.name }}' });
    expect(saved.html).toMatch(/Harbour tide tables inside\.<\/p>$/);
    expect(await page.getByText('Changed for this site').count()).toBe(1);

    // Sent to oneself: it says where.
    await page.getByRole('button', { name: 'Send a test' }).click();
    await expect.poll(() => page.getByText(`A test mail is on its way to ${ADA}.`).count(), LOAD).toBe(1);

    // The list says which language was changed.
    await page.getByRole('link', { name: 'All email templates' }).click();
    await expect.poll(() => page.getByText('Changed in: English').count(), LOAD).toBe(1);

    // Reset, after the admin's own confirmation: the default is back, on screen and in the API.
    await page.getByRole('link', { name: EVENT, exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Reset to default' }).count(), LOAD).toBe(1);
    await page.getByRole('button', { name: 'Reset to default' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset this template?' });
    await expect.poll(() => dialog.count(), LOAD).toBe(1);
    await dialog.getByRole('button', { name: 'Reset to default' }).click();
    await expect.poll(() => page.getByText('The default template is back.').count(), LOAD).toBe(1);
    expect(await editor(page, 'subject').innerText()).toBe('Confirm your address for {{ site.name }}');
    expect((await apiCall(page, admin.base, 'GET', PATH)).body.data.customised).toBe(false);
    await expect.poll(() => srcdoc(page), LOAD).not.toContain('Harbour tide tables inside.');
    await page.context().close();
  });

  it('asks before a language switch loses changes, and fits a phone', async () => {
    const { context, page } = await admin.open();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${admin.base}/admin/email-templates/${EVENT}`);
    await signIn(page, ADA);
    await expect.poll(() => editor(page, 'subject').count(), LOAD).toBe(1);
    await editor(page, 'subject').click();
    await page.keyboard.press('End');
    await page.keyboard.insertText(' now');
    await choose(page, 'French');
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    await choose(page, 'French');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('locale')).toBe('fr');
    await expect
      .poll(() => editor(page, 'subject').innerText(), LOAD)
      .toBe('Confirmez votre adresse pour {{ site.name }}');
    await expect.poll(() => srcdoc(page), LOAD).toContain('Confirmer mon adresse');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(page, 'admin-email-template-phone.png');
    await context.close();
  });

  it('speaks French to a French user, the events described in French', async () => {
    const { page } = await admin.open({ locale: 'fr-FR' });
    await page.goto(`${admin.base}/admin`);
    await page.getByLabel('Adresse e-mail').fill(MARIE);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // The sign-in page follows the browser; the screens after it, the profile's language.
    await expect
      .poll(() => page.getByRole('heading', { name: /^(Welcome|Bienvenue), Marie$/ }).count(), LOAD)
      .toBe(1);
    expect((await apiCall(page, admin.base, 'PUT', '/api/me', { locale: 'fr' })).status).toBe(200);
    await page.goto(`${admin.base}/admin/email-templates`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Modèles d’e-mail', level: 1 }).count(), LOAD)
      .toBe(1);
    await expect
      .poll(
        () => page.getByText('Un visiteur a créé un compte : le lien qui confirme son adresse').count(),
        LOAD,
      )
      .toBe(1);
    await page.getByRole('link', { name: EVENT, exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Variables', level: 2 }).count(), LOAD).toBe(1);
    expect(await page.getByText('Confirme l’adresse ; valable deux jours').count()).toBe(1);
    expect(await page.getByRole('radio', { name: 'Français' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });
});
