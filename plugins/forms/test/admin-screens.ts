import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type AdminBrowser, signIn } from '../../../apps/server/test/admin-browser.js';

/**
 * What the forms' browser tests share about the admin's screens: signing in under the admin's own
 * content security policy, and finding the forms builder's fields and inputs as a person names them.
 */

/** Sign-in, lazy chunks and the modules take more than `expect.poll`'s default on a busy machine. */
export const LOAD = { timeout: 10_000 };

/**
 * Signed in on the dashboard under the admin's own content security policy (not bypassed), with
 * what the browser refused and what threw collected.
 */
export async function signedIn(
  admin: AdminBrowser,
  email: string,
  name: string,
  viewport?: { width: number; height: number },
) {
  const context = await admin.browser.newContext({
    locale: 'en-GB',
    reducedMotion: 'reduce',
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to|Failed to resolve module specifier/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${admin.base}/admin/`);
  await signIn(page, email);
  await expect.poll(() => page.getByRole('heading', { name: `Welcome, ${name}` }).count(), LOAD).toBe(1);
  return { context, page, problems };
}

/** The names of the form's fields, in order, as the builder lists them. */
export const listed = (page: Page) =>
  page
    .getByRole('list', { name: 'The form’s fields' })
    .locator('[data-field-name]')
    .evaluateAll((names) => names.map((name) => name.textContent ?? ''));

/** A field's button in the builder's list, by its label. */
export const fieldButton = (page: Page, label: string) =>
  page.getByRole('button', { name: new RegExp(`^${label} \\(field \\d+ of \\d+\\)$`) });

/** A text input by its label (a required one's asterisk aside). */
export const textbox = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

/** The message shown beside an input: what its aria-describedby names that is an error. */
export async function errorOf(input: Locator): Promise<string> {
  const ids = (await input.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  const texts = await Promise.all(
    ids.filter((id) => id.endsWith('-error')).map((id) => input.page().locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ').trim();
}
