import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
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

/**
 * The SEO plugin's admin module in chromium, as Tessera ships it (recorded from plugins/ at start,
 * switched on for the site): the panel beside the post editor, whose score follows what is typed
 * and whose fields the editor's Save stores, and the bulk editor, which saves a description and
 * shows the stored score; under the admin's real content security policy, checked by axe, in
 * English and French.
 */
let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  const site = (await admin.t.runtime.siteStore.findById(admin.siteId)) as Site;
  await activatePlugin(admin.t.runtime, 'seo', site);
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
  await seedAdminUser(admin, 'eve@example.test', 'editor', 'Eve');
  await seedAdminUser(admin, 'flo@example.test', 'admin', 'Flo');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

/** Sign-in, lazy chunks and the modules take more than `expect.poll`'s default on a busy machine. */
const LOAD = { timeout: 10_000 };

const BODY =
  '<p>The tide tables for the harbour list the high and low water of every day this month.</p>' +
  '<h2>Reading the tables</h2><p>Each line gives the time and the height of the water.</p>';

/**
 * Signed in on the dashboard under the admin's own content security policy (admin.open() bypasses
 * it, for axe), with what the browser refused and what threw collected.
 */
async function signedIn(email: string, name: string) {
  const context = await admin.browser.newContext({ locale: 'en-GB', reducedMotion: 'reduce' });
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

/** Signed in for axe (the policy bypassed so its script can be added), in the browser's language. */
async function signedInForAxe(email: string, name: string, locale = 'en-GB') {
  const { context, page } = await admin.open({ locale });
  await page.goto(`${admin.base}/admin/`);
  if (locale.startsWith('fr')) {
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  } else await signIn(page, email);
  await expect
    .poll(
      () => page.getByRole('heading', { name: new RegExp(`^(Welcome|Bienvenue), ${name}$`) }).count(),
      LOAD,
    )
    .toBe(1);
  return { context, page };
}

async function newPost(page: Page, title: string, fields: Record<string, unknown> = {}) {
  const made = await apiCall(page, admin.base, 'POST', '/api/posts', {
    title,
    fields: { content: BODY, ...fields },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data as { id: number; version: number };
}

const checkStatus = (panel: ReturnType<Page['getByRole']>, id: string) =>
  panel.locator(`[data-check="${id}"]`).getAttribute('data-status');

/** The stored score of an entry, as the scores route gives it. */
async function storedScore(page: Page, id: number) {
  const answer = await apiCall(page, admin.base, 'GET', `/api/seo/scores?ids=${id}`);
  expect(answer.status).toBe(200);
  return answer.body.data[0] as { score: number; rating: string } | undefined;
}

const RATING = { good: 'Good', improve: 'Needs improvement', problem: 'Problem' } as const;

async function close(context: BrowserContext) {
  await context.close();
}

describeInBrowser("the SEO plugin's admin", () => {
  it("scores the post in the editor's panel as its title is typed, and the editor's Save stores the focus keyphrase", async () => {
    const { context, page, problems } = await signedIn('ada@example.test', 'Ada');
    const post = await newPost(page, 'Harbour notes');
    await page.goto(`${admin.base}/admin/content/post/${post.id}`);
    const panel = page.getByRole('region', { name: 'SEO' });
    const score = panel.getByTestId('seo-score');
    await expect.poll(() => score.count(), LOAD).toBe(1);
    expect(await panel.getByTestId('seo-preview-title').textContent()).toMatch(/^Harbour notes – /);

    await panel.getByLabel('Focus keyphrase').fill('tide tables');
    await expect.poll(() => checkStatus(panel, 'keyphrase_in_title')).toBe('problem');
    const before = await score.textContent();
    // The post's own title, typed in the editor and not saved: the panel scores what is on screen.
    await page.getByLabel(/^Title/).fill('Tide tables for the harbour');
    await expect.poll(() => checkStatus(panel, 'keyphrase_in_title')).toBe('good');
    await expect.poll(() => score.textContent()).not.toBe(before);
    expect(await panel.locator('[data-check="keyphrase_in_title"]').textContent()).toContain('Good');
    expect(await panel.getByTestId('seo-preview-title').textContent()).toMatch(
      /^Tide tables for the harbour – /,
    );
    // Problems come first in the list.
    const statuses = await panel
      .locator('[data-check]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
    const rank = { problem: 0, improve: 1, good: 2 } as Record<string, number>;
    expect(statuses.map((status) => rank[status ?? ''])).toEqual(
      [...statuses.map((status) => rank[status ?? ''])].sort(),
    );
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(1);
    // The social image comes from the library, through the admin's own picker (uploaded there).
    await panel.getByRole('button', { name: 'Choose: Social image' }).click();
    const picker = page.getByRole('dialog', { name: 'Social image' });
    const png = await sharp({ create: { width: 120, height: 63, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await picker
      .locator('input[type=file]')
      .setInputFiles({ name: 'quay.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => picker.getByRole('button', { name: 'quay.png', pressed: true }).count(), LOAD)
      .toBe(1);
    await picker.getByRole('button', { name: 'Choose (1)' }).click();
    await expect.poll(() => panel.getByRole('button', { name: 'Remove: quay.png' }).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'seo-panel.png'), fullPage: true });

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    const saved = await apiCall(page, admin.base, 'GET', `/api/posts/${post.id}`);
    expect(saved.body.data).toMatchObject({
      title: 'Tide tables for the harbour',
      fields: { 'seo.focus_keyphrase': 'tide tables' },
    });
    expect(typeof saved.body.data.fields['seo.image']).toBe('number');
    // The save stored its score for the lists.
    expect((await storedScore(page, post.id))?.score).toBeGreaterThan(0);
    // Another entry has the title typed next: the panel says so as it is typed, before any save.
    await newPost(page, 'Harbour tides');
    expect(await checkStatus(panel, 'duplicate_title')).toBe('good');
    await page.getByLabel(/^Title/).fill('Harbour tides');
    await expect.poll(() => checkStatus(panel, 'duplicate_title'), LOAD).toBe('problem');
    expect(problems).toEqual([]);
    await close(context);
  });

  it('saves a description from the bulk editor, keeping the body and the other fields, and shows the stored score', async () => {
    const { context, page, problems } = await signedIn('ada@example.test', 'Ada');
    // Created through the API: its save stored its score.
    const post = await newPost(page, 'Harbour lights at dusk', { 'seo.focus_keyphrase': 'harbour lights' });
    const name = 'Harbour lights at dusk';
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'SEO bulk editor' })
      .click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'SEO bulk editor', level: 1 }).count(), LOAD)
      .toBe(1);
    const row = page.getByRole('row', { name: new RegExp(name) });
    const badge = async () => {
      const stored = await storedScore(page, post.id);
      if (!stored) throw new Error('the post has no stored score');
      return `${stored.score} · ${RATING[stored.rating as keyof typeof RATING]}`;
    };
    const before = await badge();
    await expect.poll(() => row.locator('[data-status]').textContent(), LOAD).toBe(before);

    const description =
      'Harbour lights at dusk: when the lamps of the quay are lit, which buoys blink and how to read them from the water.';
    await row.getByLabel(`Meta description of “${name}”`).fill(description);
    await row.getByRole('button', { name: `Save the SEO title and description of “${name}”` }).click();
    await expect.poll(() => row.getByRole('status').textContent()).toBe('Saved.');
    const saved = await apiCall(page, admin.base, 'GET', `/api/posts/${post.id}`);
    expect(saved.body.data.fields).toMatchObject({
      'seo.description': description,
      'seo.focus_keyphrase': 'harbour lights',
      content: BODY,
    });
    // The save rescored the post (a description of the right length): the row shows the new score.
    const after = await badge();
    expect(after).not.toBe(before);
    await expect.poll(() => row.locator('[data-status]').textContent()).toBe(after);
    await page.screenshot({ path: join(SCREENSHOTS, 'seo-bulk.png'), fullPage: true });

    // Someone else saves the post meanwhile: the row says so, reloads it, and keeps what was typed.
    const elsewhere = await apiCall(page, admin.base, 'PUT', `/api/posts/${post.id}`, {
      version: saved.body.data.version,
      excerpt: 'Changed elsewhere',
    });
    expect(elsewhere.status).toBe(200);
    const title = row.getByLabel(`SEO title of “${name}”`);
    await title.fill('Harbour lights {{sep}} {{site}}');
    const save = row.getByRole('button', { name: /^Save the SEO title/ });
    await save.click();
    await expect.poll(() => row.getByRole('alert').textContent()).toContain('Someone changed this entry');
    expect(await title.inputValue()).toBe('Harbour lights {{sep}} {{site}}');
    await save.click();
    await expect.poll(() => row.getByRole('status').textContent()).toBe('Saved.');
    const again = await apiCall(page, admin.base, 'GET', `/api/posts/${post.id}`);
    expect(again.body.data).toMatchObject({
      excerpt: 'Changed elsewhere',
      fields: { 'seo.title': 'Harbour lights {{sep}} {{site}}', 'seo.description': description },
    });

    // Filtered by its rating the post is listed; by another it is not.
    const rating = (await storedScore(page, post.id))?.rating as keyof typeof RATING;
    const otherRating = rating === 'problem' ? 'good' : 'problem';
    const pick = async (word: string) => {
      await page.getByRole('combobox', { name: 'Rating' }).click();
      await page.getByRole('option', { name: word, exact: true }).click();
    };
    await pick(RATING[rating]);
    await expect.poll(() => page.url()).toContain(`rating=${rating}`);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(name) }).count(), LOAD).toBe(1);
    await pick(RATING[otherRating]);
    await expect.poll(() => page.url()).toContain(`rating=${otherRating}`);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(name) }).count(), LOAD).toBe(0);

    // The posts' list has the plugin's column: the stored score of each row.
    await page.goto(`${admin.base}/admin/content/post`);
    await expect.poll(() => page.getByRole('columnheader', { name: 'SEO' }).count(), LOAD).toBe(1);
    const listed = page.getByRole('row', { name: new RegExp(name) });
    await expect.poll(() => listed.locator('[data-status]').textContent(), LOAD).toBe(await badge());
    await page.screenshot({ path: join(SCREENSHOTS, 'seo-list-column.png') });
    // And its filter: the list of one rating, asked of the server (the address keeps it).
    const filterBy = async (word: string) => {
      await page.getByRole('combobox', { name: 'SEO rating' }).click();
      await page.getByRole('option', { name: word, exact: true }).click();
    };
    await filterBy(RATING[otherRating]);
    await expect.poll(() => page.url()).toContain(`filter=seo.rating%3A${otherRating}`);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(name) }).count(), LOAD).toBe(0);
    await filterBy(RATING[rating]);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(name) }).count(), LOAD).toBe(1);
    expect(problems).toEqual([]);
    await close(context);
  });

  it('shows an Editor the panel, on a new post too, but not the bulk editor, which needs seo.manage', async () => {
    const { context, page, problems } = await signedIn('eve@example.test', 'Eve');
    const post = await newPost(page, 'Mooring in winter');
    await page.goto(`${admin.base}/admin/content/post/${post.id}`);
    await expect
      .poll(() => page.getByRole('region', { name: 'SEO' }).getByTestId('seo-score').count(), LOAD)
      .toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'SEO bulk editor' }).count()).toBe(0);
    // A post not saved yet: its address is the type's pattern with a slug made from the title.
    await page.goto(`${admin.base}/admin/content/post/new`);
    await page.getByLabel(/^Title/).fill('Low tide at dawn');
    const address = page.getByRole('region', { name: 'SEO' }).getByTestId('seo-preview-address');
    await expect
      .poll(() => address.textContent(), LOAD)
      .toMatch(/^localhost › \d{4} › \d{2} › low-tide-at-dawn$/);
    await page.goto(`${admin.base}/admin/plugins/seo/bulk`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count(), LOAD).toBe(1);
    expect(problems).toEqual([]);
    await close(context);
  });

  it("chooses the site's default social image in the plugin's settings, from the library", async () => {
    const { context, page, problems } = await signedIn('ada@example.test', 'Ada');
    await page.goto(`${admin.base}/admin/settings/seo`);
    await page.getByRole('button', { name: 'Choose: Default social image' }).click();
    const picker = page.getByRole('dialog', { name: 'Default social image' });
    const png = await sharp({ create: { width: 120, height: 63, channels: 3, background: '#97502a' } })
      .png()
      .toBuffer();
    await picker
      .locator('input[type=file]')
      .setInputFiles({ name: 'default.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => picker.getByRole('button', { name: 'default.png', pressed: true }).count(), LOAD)
      .toBe(1);
    await picker.getByRole('button', { name: 'Choose (1)' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Remove: default.png' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () => (await apiCall(page, admin.base, 'GET', '/api/settings/seo')).body.data.default_image,
        LOAD,
      )
      .toEqual(expect.any(Number));
    expect(problems).toEqual([]);
    await close(context);
  });

  it('has no accessibility violations in the panel and the bulk editor', async () => {
    const { context, page } = await signedInForAxe('ada@example.test', 'Ada');
    const post = await newPost(page, 'Nets and ropes', { 'seo.focus_keyphrase': 'fishing nets' });
    await page.goto(`${admin.base}/admin/content/post/${post.id}`);
    await expect
      .poll(() => page.getByRole('region', { name: 'SEO' }).getByTestId('seo-score').count(), LOAD)
      .toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.goto(`${admin.base}/admin/plugins/seo/bulk`);
    await expect.poll(() => page.getByRole('row', { name: /Nets and ropes/ }).count(), LOAD).toBe(1);
    expect(await violations(page)).toEqual([]);
    await close(context);
  });

  it('speaks French to a French user: the panel, its checks and the bulk editor', async () => {
    const { context, page } = await signedInForAxe('flo@example.test', 'Flo', 'fr-FR');
    expect((await apiCall(page, admin.base, 'PUT', '/api/me', { locale: 'fr' })).status).toBe(200);
    const post = await newPost(page, 'Marée basse au port', { 'seo.focus_keyphrase': 'marée basse' });
    await page.goto(`${admin.base}/admin/content/post/${post.id}`);
    const panel = page.getByRole('region', { name: 'SEO' });
    await expect.poll(() => panel.getByText('Score SEO').count(), LOAD).toBe(1);
    expect(await panel.getByLabel('Expression clé principale').inputValue()).toBe('marée basse');
    // The check's message is the score's own, in French; the content is measured in the site's language.
    expect(await panel.locator('[data-check="keyphrase_in_title"]').textContent()).toContain(
      'Le titre SEO commence par l’expression clé',
    );
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'seo-panel-fr.png'), fullPage: true });

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Édition SEO en masse' })
      .click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Édition SEO en masse', level: 1 }).count(), LOAD)
      .toBe(1);
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Méta-description' }).count(), LOAD)
      .toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'seo-bulk-fr.png'), fullPage: true });
    await close(context);
  });
});
