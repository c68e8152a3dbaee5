import { join } from 'node:path';
import type { Page } from 'playwright-core';
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
 * The user's own profile in chromium: name and interface language (the admin speaks it at once and
 * after a reload, whatever the browser's), and a new password that signs in where the old one no
 * longer does. Client checks say a mistake before any call; the server's refusals show by their field.
 */
let admin: AdminBrowser;
const PAT = 'pat@example.test';
const NEW_PASSWORD = 'lanterns over the quay';
/** A screen after a sign-in loads its chunks first: a busy machine needs more than 5 s. */
const LOAD = { timeout: 15_000 };

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, PAT, 'author', 'Pat');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

/** Counts the profile changes the page sends from now on. */
function countProfileChanges(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/me') sent += 1;
  });
  return () => sent;
}

describeInBrowser('the user’s own profile', () => {
  it('changes the name and the interface language, which the admin speaks at once and after a reload', async () => {
    const { context, page } = await admin.open({ locale: 'en-GB' });
    await page.goto(`${admin.base}/admin/profile`);
    await signIn(page, PAT);
    await expect.poll(() => page.getByRole('heading', { name: 'Your profile' }).count(), LOAD).toBe(1);
    const details = page.getByRole('region', { name: 'Your details' });
    const sent = countProfileChanges(page);

    // A blank name is said beside its field, and nothing is sent.
    await details.getByLabel(/^Display name/).fill('   ');
    await details.getByRole('button', { name: 'Save your details' }).click();
    await expect.poll(() => details.getByText('Must not be blank.').count()).toBe(1);
    // A new address asks for the current password, and the server's refusal shows beside it.
    await details.getByLabel(/^Display name/).fill('Patricia Quay');
    await details.getByLabel(/^Email address/).fill('patricia@example.test');
    await details.getByLabel(/^Your current password/).fill('not my password');
    await details.getByRole('button', { name: 'Save your details' }).click();
    await expect.poll(() => details.getByText(/incorrect/i).count()).toBe(1);
    expect(sent()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-profile-details.png'), fullPage: true });

    await details.getByLabel(/^Email address/).fill(PAT);
    expect(await details.getByLabel(/^Your current password/).count()).toBe(0);
    await details.getByRole('combobox', { name: /^Interface language/ }).click();
    await page.getByRole('option', { name: 'Français', exact: true }).click();
    await details.getByRole('button', { name: 'Save your details' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Votre profil' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Vos informations sont enregistrées.').count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByText('Patricia Quay · pat@example.test').count()).toBe(1);
    const me = await apiCall(page, admin.base, 'GET', '/api/me');
    expect(me.body.data).toMatchObject({ display_name: 'Patricia Quay', locale: 'fr', email: PAT });

    // The profile, not the English browser, decides from the first frame of the next visit.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Votre profil' }).count(), LOAD).toBe(1);
    expect(await page.getByRole('heading', { name: 'Your profile' }).count()).toBe(0);
    await page.goto(`${admin.base}/admin`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Bienvenue, Patricia Quay' }).count(), LOAD)
      .toBe(1);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('changes the password, which then signs in, and the old one no longer does', async () => {
    const { context, page } = await admin.open({ locale: 'en-GB' });
    await page.goto(`${admin.base}/admin/profile`);
    await signIn(page, PAT);
    // Pat's profile speaks French (the test before); the sign-in page spoke the browser's English.
    await expect.poll(() => page.getByRole('heading', { name: 'Votre profil' }).count(), LOAD).toBe(1);
    const password = page.getByRole('region', { name: 'Mot de passe' });
    const sent = countProfileChanges(page);

    // Said here before any call: too short, and the two typings differ.
    await password.getByLabel(/^Votre mot de passe actuel/).fill(PASSWORD);
    await password.getByLabel(/^Nouveau mot de passe \*?$/).fill('short');
    await password.getByLabel(/^Nouveau mot de passe, à nouveau/).fill('shorter');
    await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect
      .poll(() => password.getByText('Au moins 10 caractères.', { exact: true }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => password.getByText('Les deux mots de passe diffèrent.').count()).toBe(1);
    expect(sent()).toBe(0);
    // The server's rule the admin cannot check (a common password) comes back beside its field.
    await password.getByLabel(/^Nouveau mot de passe \*?$/).fill('password123');
    await password.getByLabel(/^Nouveau mot de passe, à nouveau/).fill('password123');
    await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect.poll(() => sent()).toBe(1);
    // In French: the server writes its refusals in the caller's language.
    await expect.poll(() => password.getByText(/^Trop courant/).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-profile-password.png'), fullPage: true });

    await password.getByLabel(/^Nouveau mot de passe \*?$/).fill(NEW_PASSWORD);
    await password.getByLabel(/^Nouveau mot de passe, à nouveau/).fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect.poll(() => password.getByText(/Votre mot de passe est changé/).count()).toBe(1);
    // This session stays signed in; the form is empty again.
    expect(await password.getByLabel(/^Nouveau mot de passe \*?$/).inputValue()).toBe('');
    expect((await apiCall(page, admin.base, 'GET', '/api/me')).status).toBe(200);
    await context.close();

    const old = await fetch(`${admin.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: PAT, password: PASSWORD }),
    });
    expect(old.status).toBe(401);
    const fresh = await admin.open({ locale: 'en-GB' });
    await fresh.page.goto(`${admin.base}/admin`);
    await signIn(fresh.page, PAT, NEW_PASSWORD);
    await expect
      .poll(() => fresh.page.getByRole('heading', { name: 'Bienvenue, Patricia Quay' }).count(), LOAD)
      .toBe(1);

    // Back to the browser's language: the English of this browser.
    await fresh.page.goto(`${admin.base}/admin/profile`);
    const details = fresh.page.getByRole('region', { name: 'Vos informations' });
    await details.getByRole('combobox', { name: /^Langue de l’interface/ }).click();
    await fresh.page.getByRole('option', { name: 'La langue de votre navigateur', exact: true }).click();
    await details.getByRole('button', { name: 'Enregistrer vos informations' }).click();
    await expect.poll(() => fresh.page.getByRole('heading', { name: 'Your profile' }).count()).toBe(1);
    expect(await fresh.page.locator('html').getAttribute('lang')).toBe('en');
    await fresh.context.close();
  });
});
