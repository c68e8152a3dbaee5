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
 * The dashboard with a site's content in it, in chromium against a real server: what an Editor sees
 * (recent entries, posts and a custom type's entries waiting for review, a comment to moderate, a
 * scheduled post), each row opening its editor; then the dashboard and a content list for a user
 * whose language is French, dates written the French way.
 */
/** Signing in, then a screen's chunk and first calls: more than a poll's default second on a busy machine. */
const LOAD = { timeout: 15_000 };

let admin: AdminBrowser;
const ids: Record<string, number> = {};

/** An API session of `email` in a context of its own (cookie and CSRF token), for seeding. */
async function sessionOf(email: string) {
  const { context, page } = await admin.open();
  const login = await page.request.post(`${admin.base}/api/auth/login`, {
    data: { email, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const answer = await apiCall(page, admin.base, method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body?.data;
  };
  return { context, call };
}

/** The titles listed in a dashboard panel. */
function panelTitles(page: Page, panel: string) {
  return page.getByRole('region', { name: panel }).getByRole('listitem').getByRole('link').allTextContents();
}

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
  const eve = await seedAdminUser(admin, 'eve@example.test', 'editor', 'Eve');
  await seedAdminUser(admin, 'bo@example.test', 'author', 'Bo');
  const elise = await seedAdminUser(admin, 'elise@example.test', 'editor', 'Élise');

  const ada = await sessionOf('ada@example.test');
  await ada.call('PUT', '/api/settings/discussion', { min_seconds: 0 });
  const open = await ada.call('POST', '/api/posts', { title: 'Harbour open day' });
  await ada.call('POST', `/api/posts/${open.id}/publish`, {});
  ids.open = open.id;
  const regatta = await ada.call('POST', '/api/posts', { title: 'Regatta results' });
  await ada.call('POST', `/api/posts/${regatta.id}/schedule`, {
    publish_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  // A custom type whose entries Editors may read and review: the dashboard covers it too.
  await ada.call('POST', '/api/content-types', {
    slug: 'boat',
    singular_label: 'Boat',
    plural_label: 'Boats',
    route_pattern: '/boats/{slug}',
  });
  const roles = (await ada.call('GET', '/api/roles')) as Array<{
    id: number;
    slug: string;
    permissions: string[];
  }>;
  const editor = roles.find((role) => role.slug === 'editor');
  await ada.call('PUT', `/api/roles/${editor?.id}`, {
    permissions: [...(editor?.permissions ?? []), 'boat.view', 'boat.edit', 'boat.edit_others'],
  });
  const boat = await ada.call('POST', '/api/content/boat', { title: 'Marie-Jeanne' });
  await ada.call('POST', `/api/content/boat/${boat.id}/submit`, {});
  ids.boat = boat.id;
  // Élise reads the admin in French: her profile says so.
  await ada.call('PUT', `/api/users/${elise}`, { locale: 'fr' });
  expect(eve).toBeGreaterThan(0);
  await ada.context.close();

  // An Author's draft, submitted for review.
  const bo = await sessionOf('bo@example.test');
  const nets = await bo.call('POST', '/api/posts', { title: 'Net mending' });
  await bo.call('POST', `/api/posts/${nets.id}/submit`, {});
  ids.nets = nets.id;
  await bo.context.close();

  // A visitor's comment, held for moderation.
  const form = await (await fetch(`${admin.base}/api/comments/form?entry_id=${open.id}`)).json();
  const sent = await fetch(`${admin.base}/api/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      entry_id: open.id,
      name: 'Cleo',
      email: 'cleo@example.test',
      body: 'Is the fish market open that day?',
      token: form.data.token,
    }),
  });
  expect(sent.status, await sent.text()).toBe(201);
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

describeInBrowser('the dashboard', () => {
  it("shows an Editor the site's recent, reviewable, scheduled content and comments, each opening", async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin`);
    await signIn(page, 'eve@example.test');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Eve' }).count(), LOAD).toBe(1);

    await expect
      .poll(() => panelTitles(page, 'Waiting for review'), LOAD)
      .toEqual(expect.arrayContaining(['Net mending', 'Marie-Jeanne']));
    expect((await panelTitles(page, 'Waiting for review')).length).toBe(2);
    await expect.poll(() => panelTitles(page, 'Scheduled'), LOAD).toEqual(['Regatta results']);
    await expect
      .poll(() => panelTitles(page, 'Recently edited'), LOAD)
      .toEqual(
        expect.arrayContaining(['Harbour open day', 'Regatta results', 'Net mending', 'Marie-Jeanne']),
      );
    const comments = page.getByRole('region', { name: 'Comments to moderate' });
    await expect.poll(() => comments.getByText('Is the fish market open that day?').count(), LOAD).toBe(1);
    // Each row names its type: the custom type by its own name.
    const review = page.getByRole('region', { name: 'Waiting for review' });
    expect(await review.getByRole('listitem').filter({ hasText: 'Marie-Jeanne' }).textContent()).toContain(
      'Boat',
    );
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-dashboard-content.png'), fullPage: true });

    // A row opens the entry's editor.
    await review.getByRole('link', { name: 'Marie-Jeanne' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/content/boat/${ids.boat}`);
    await expect.poll(() => page.getByLabel(/^Title/).inputValue(), LOAD).toBe('Marie-Jeanne');
    await page.goBack();
    await page
      .getByRole('region', { name: 'Scheduled' })
      .getByRole('link', { name: 'Regatta results' })
      .click();
    await expect.poll(() => page.getByLabel(/^Title/).inputValue(), LOAD).toBe('Regatta results');
    await context.close();
  });

  it('speaks French to a user whose profile says French: the dashboard and a content list', async () => {
    const { context, page } = await admin.open({ locale: 'fr-FR' });
    await page.goto(`${admin.base}/admin`);
    await page.getByLabel('Adresse e-mail').fill('elise@example.test');
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Bienvenue, Élise' }).count(), LOAD).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expect
      .poll(() => panelTitles(page, 'En attente de relecture'), LOAD)
      .toEqual(expect.arrayContaining(['Net mending', 'Marie-Jeanne']));
    for (const heading of ['Modifiés récemment', 'Programmés', 'Commentaires à modérer'])
      expect(await page.getByRole('heading', { name: heading }).count(), heading).toBe(1);
    // Dates the French way, on the site's clock (UTC here).
    const post = (await apiCall(page, admin.base, 'GET', `/api/posts/${ids.open}`)).body.data;
    const french = new Intl.DateTimeFormat('fr', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    await expect
      .poll(() => page.getByText(french.format(new Date(post.updated_at)), { exact: true }).count(), LOAD)
      .toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-dashboard-fr.png'), fullPage: true });

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Articles' })
      .click();
    await expect.poll(() => page.getByRole('heading', { name: 'Articles', level: 1 }).count(), LOAD).toBe(1);
    const listed = () => page.locator('tbody tr td:nth-child(2) a').allTextContents();
    await expect.poll(listed, LOAD).toContain('Harbour open day');
    const filters = page.getByRole('group', { name: 'Filtres' });
    // An Editor does not see the users: no author filter, the others in French.
    expect(await filters.getByLabel('Auteur', { exact: true }).count()).toBe(0);
    for (const label of ['Terme', 'Du', 'Au'])
      expect(await filters.getByLabel(label, { exact: true }).count(), label).toBe(1);
    expect(await page.getByLabel('Rechercher dans les titres').count()).toBe(1);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['Titre', 'État', 'Auteur', 'Actions']),
    );
    // The states in French; one of them narrows the list.
    await page.locator('label', { hasText: 'En relecture' }).click();
    await expect.poll(listed, LOAD).toEqual(['Net mending']);
    const text = await page.locator('main').innerText();
    for (const english of ['Search titles', 'Sort by', 'Filters', 'Author', 'In review', 'Newest first'])
      expect(text, english).not.toContain(english);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-posts-fr.png'), fullPage: true });
    await context.close();
  });
});
