import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  apiCall,
  describeInBrowser,
  SCREENSHOTS,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';
import { activatePlugin, installPlugin } from '../../core/plugins/plugin-admin.js';
import type { Site } from '../../core/sites/site.js';
import { allMigrationSources } from '../../lifecycle.js';

/**
 * Plugins' admin modules in chromium, loaded by the built admin at run time: the example guestbook's
 * moderation screen, its panel beside the post editor and its dashboard card, in English and French,
 * under the admin's real content security policy (the import map lending React and Mantine allowed
 * by its hash), beside a plugin whose module throws.
 */
const guestbook = fileURLToPath(new URL('../../../../../examples/plugin-guestbook', import.meta.url));
const fixtures = mkdtempSync(join(tmpdir(), 'tessera-admin-module-'));
let admin: AdminBrowser;

/** A plugin whose admin module throws in its setup: a notice names it, and the admin goes on. */
function brokenPlugin(): string {
  const folder = join(fixtures, 'broken-admin');
  mkdirSync(join(folder, 'admin'), { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name: 'broken-admin',
      version: '0.1.0',
      type: 'module',
      tessera: { plugin: 'broken-admin', entry: 'index.js', admin: 'admin/index.js' },
    }),
  );
  writeFileSync(join(folder, 'index.js'), 'export default () => {};\n');
  writeFileSync(
    join(folder, 'admin', 'index.js'),
    "import { defineAdmin } from '@tessera/plugin/admin';\nexport default defineAdmin(() => { throw new Error('no licence'); });\n",
  );
  return folder;
}

beforeAll(async () => {
  admin = await startAdminBrowser(
    {},
    {
      beforeSetup: async (runtime) => {
        for (const source of [guestbook, brokenPlugin()])
          await installPlugin(runtime, source, await allMigrationSources(runtime));
      },
    },
  );
  const site = (await admin.t.runtime.siteStore.findById(admin.siteId)) as Site;
  for (const name of ['guestbook', 'broken-admin']) await activatePlugin(admin.t.runtime, name, site);
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
  await seedAdminUser(admin, 'eve@example.test', 'editor', 'Eve');
  await seedAdminUser(admin, 'flo@example.test', 'admin', 'Flo');
  for (const [name, message] of [
    ['Grace', 'Lovely tide tables'],
    ['Alan', 'Thanks for the harbour map'],
  ])
    await admin.t.app.inject({
      method: 'POST',
      url: '/api/guestbook/entries',
      headers: { host: 'localhost' },
      payload: { name, message },
    });
}, 120_000);

afterAll(async () => {
  await admin?.close();
  rmSync(fixtures, { recursive: true, force: true });
});

/** Sign-in, lazy chunks and the modules take more than `expect.poll`'s default on a busy machine. */
const LOAD = { timeout: 10_000 };

/**
 * A page under the admin's own content security policy (admin.open() bypasses it for axe), with
 * what the browser refused and what threw collected.
 */
async function openWithPolicy(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await admin.browser.newContext({ locale: 'en-GB', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to|Failed to resolve module specifier/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/** Signed in on the dashboard, under the real policy (see openWithPolicy). */
async function signedIn(email: string, name: string) {
  const opened = await openWithPolicy();
  await opened.page.goto(`${admin.base}/admin/`);
  await signIn(opened.page, email);
  await expect
    .poll(() => opened.page.getByRole('heading', { name: `Welcome, ${name}` }).count(), LOAD)
    .toBe(1);
  return opened;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describeInBrowser("plugins' admin modules", () => {
  it("show an Admin the guestbook's screen, in the navigation and working, and its card on the dashboard", async () => {
    const { context, page, problems } = await signedIn('ada@example.test', 'Ada');
    const card = page.getByRole('region', { name: 'Guestbook' });
    await expect.poll(() => card.getByText('2 entries').count(), LOAD).toBe(1);
    // The other plugin's module threw: said, naming it, and nothing else of the admin is missing.
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'broken-admin' }).textContent())
      .toContain('did not load: no licence');

    await nav(page).getByRole('link', { name: 'Guestbook' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Guestbook', level: 1 }).count()).toBe(1);
    expect(page.url()).toBe(`${admin.base}/admin/plugins/guestbook/moderation`);
    // Its entry is the current one, not the Plugins screen's whose address starts it.
    expect(await nav(page).getByRole('link', { name: 'Guestbook' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await nav(page).getByRole('link', { name: 'Plugins' }).getAttribute('aria-current')).toBeNull();
    const row = page.getByRole('row', { name: /Grace/ });
    await expect.poll(() => row.getByText('Lovely tide tables').count(), LOAD).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-plugin-screen.png'), fullPage: true });
    await row.getByRole('button', { name: 'Delete the entry by Grace' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'The entry by Grace is deleted.' }).count())
      .toBe(1);
    await expect.poll(() => page.getByRole('row', { name: /Grace/ }).count()).toBe(0);
    const left = await apiCall(page, admin.base, 'GET', '/api/guestbook/entries');
    expect(left.body.data.map((entry: { name: string }) => entry.name)).toEqual(['Alan']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hide the screen from an Editor without guestbook.moderate: no navigation entry, and its address is not found', async () => {
    const { context, page, problems } = await signedIn('eve@example.test', 'Eve');
    // The card has no permission of its own; its way to moderation follows the user's.
    const card = page.getByRole('region', { name: 'Guestbook' });
    await expect.poll(() => card.getByText(/^\d+ entr(y|ies)$/).count(), LOAD).toBe(1);
    expect(await card.getByRole('link', { name: 'Moderate' }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'Guestbook' }).count()).toBe(0);
    await page.goto(`${admin.base}/admin/plugins/guestbook/moderation`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count(), LOAD).toBe(1);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("show the post editor's unsaved title live in the guestbook's panel, which sets the post's mood for the editor to save", async () => {
    const { context, page, problems } = await signedIn('ada@example.test', 'Ada');
    const post = await apiCall(page, admin.base, 'POST', '/api/posts', { title: 'Harbour notes' });
    expect(post.status).toBe(201);
    await page.goto(`${admin.base}/admin/content/post/${post.body.data.id}`);
    const panel = page.getByRole('region', { name: 'Guestbook' });
    await expect
      .poll(() => panel.getByText('Shown beside the guestbook as “Harbour notes”.').count(), LOAD)
      .toBe(1);
    await page.getByLabel(/^Title/).fill('Low tide at dawn');
    // Not saved: the panel sees the editor's draft.
    await expect
      .poll(() => panel.getByText('Shown beside the guestbook as “Low tide at dawn”.').count())
      .toBe(1);
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(1);

    await panel.getByLabel('Mood', { exact: true }).click();
    await page.getByRole('option', { name: 'Stormy' }).click();
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-plugin-panel.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const saved = await apiCall(page, admin.base, 'GET', `/api/posts/${post.body.data.id}`);
    expect(saved.body.data).toMatchObject({
      title: 'Low tide at dawn',
      fields: { 'guestbook.mood': 'stormy' },
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("render the guestbook's block on the builder's canvas as on the site, and offer it in the palette", async () => {
    const { context, page, problems } = await signedIn('ada@example.test', 'Ada');
    const made = await apiCall(page, admin.base, 'POST', '/api/pages', {
      title: 'Visitors',
      blocks: [
        { type: 'heading', props: { text: 'Our visitors' } },
        { type: 'guestbook.latest', props: { title: 'Signed lately', count: 2 } },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { id, slug } = made.body.data;
    await page.goto(`${admin.base}/admin/builder/page/${id}`);
    const canvas = page.frameLocator('[data-testid="builder-canvas"]');
    const block = canvas.locator('.tb-plugin-guestbook');
    await expect.poll(() => block.locator('h2').textContent(), LOAD).toBe('Signed lately');
    await expect.poll(() => block.locator('li').filter({ hasText: 'Alan' }).count(), LOAD).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'builder-plugin-block.png'), fullPage: true });
    expect(await page.getByRole('button', { name: /Guestbook/ }).count()).toBeGreaterThan(0);

    expect((await apiCall(page, admin.base, 'POST', `/api/pages/${id}/publish`, {})).status).toBe(200);
    const site = await page.request.get(`${admin.base}/${slug}`);
    const html = await site.text();
    expect(html).toContain('<h2>Signed lately</h2>');
    expect(html).toContain('<strong>Alan</strong>');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('speak French to a French user: the navigation, the screen, the card and the panel', async () => {
    const { context, page } = await admin.open({ locale: 'fr-FR' });
    await page.goto(`${admin.base}/admin/`);
    await page.getByLabel('Adresse e-mail').fill('flo@example.test');
    await page.getByLabel(/^Mot de passe/).fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: /^(Welcome|Bienvenue), Flo$/ }).count(), LOAD)
      .toBe(1);
    expect((await apiCall(page, admin.base, 'PUT', '/api/me', { locale: 'fr' })).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Bienvenue, Flo' }).count(), LOAD).toBe(1);
    const card = page.getByRole('region', { name: 'Livre d’or' });
    await expect.poll(() => card.getByText(/^\d+ signatures?$/).count(), LOAD).toBe(1);

    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await navigation.getByRole('link', { name: 'Livre d’or' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Livre d’or', level: 1 }).count()).toBe(1);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Signé le' }).count(), LOAD).toBe(1);
    expect(await violations(page)).toEqual([]);

    const post = await apiCall(page, admin.base, 'POST', '/api/posts', { title: 'Marée basse' });
    await page.goto(`${admin.base}/admin/content/post/${post.body.data.id}`);
    const panel = page.getByRole('region', { name: 'Livre d’or' });
    await expect
      .poll(
        () => panel.getByText('Affiché à côté du livre d’or sous le titre « Marée basse ».').count(),
        LOAD,
      )
      .toBe(1);
    expect(await panel.getByLabel('Humeur', { exact: true }).count()).toBe(1);
    await context.close();
  });
});
