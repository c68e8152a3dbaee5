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
import { seedSiteWithRoles } from '../../../test/identity-fixtures.js';
import { MembersRepo } from '../identity/users/repo-members.js';

/**
 * The entry editor in chromium: a custom type with one field of each kind, filled in and saved,
 * the server's 422 beside its field, the site's time zone for dates, publishing, the revisions'
 * diff and restore, the edit lock held by someone else and taken over, and the unsaved-changes guard.
 */
let admin: AdminBrowser;
let base: string;

beforeAll(async () => {
  admin = await startAdminBrowser();
  base = admin.base;
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
  await seedAdminUser(admin, 'bo@example.test', 'editor', 'Bo');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

/** Api calls as the page's user. */
const call = (page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  apiCall(page, base, method, path, body);

describeInBrowser('the entry editor', () => {
  let boatId = 0;

  it('creates an entry of a custom type with its fields, the 422 shown beside the field', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${base}/admin/content/boat`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    expect((await call(page, 'PUT', '/api/settings/general', { time_zone: 'Asia/Tokyo' })).status).toBe(200);
    const type = await call(page, 'POST', '/api/content-types', {
      slug: 'boat',
      singular_label: 'Boat',
      plural_label: 'Boats',
      route_pattern: '/boats/{slug}',
      fields: [
        { key: 'registry', label: 'Registry number', type: 'text', required: true },
        { key: 'length', label: 'Length', type: 'number', min: 1, max: 100 },
        { key: 'story', label: 'Story', type: 'richtext' },
        {
          key: 'rig',
          label: 'Rig',
          type: 'select',
          choices: [
            { value: 'sloop', label: 'Sloop' },
            { value: 'ketch', label: 'Ketch' },
          ],
        },
        { key: 'moored', label: 'Moored in the harbour', type: 'checkbox' },
        { key: 'next_race', label: 'Next race', type: 'datetime' },
        { key: 'hull', label: 'Hull colour', type: 'color' },
        {
          key: 'crew',
          label: 'Crew',
          type: 'repeater',
          fields: [{ key: 'name', label: 'Name', type: 'text' }],
        },
        { key: 'specs', label: 'Specifications', type: 'json' },
        { key: 'logbook', label: 'Logbook', type: 'relation', target_type: 'post' },
      ],
    });
    const logbook = await call(page, 'POST', '/api/posts', { title: 'Winter logbook' });
    expect(logbook.status).toBe(201);
    expect(type.status, JSON.stringify(type.body)).toBe(201);

    await page.goto(`${base}/admin/content/boat`);
    await page.getByRole('link', { name: 'New Boat' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'New Boat' }).count()).toBe(1);
    await page.getByLabel(/^Title/).fill('Marie-Jeanne');
    await page.getByLabel(/^Registry number/).fill('CM 1234');
    await page.getByLabel(/^Length/).fill('0');
    await page.getByRole('textbox', { name: 'Story' }).click();
    await page.keyboard.type('Built in ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Camaret');
    await page.getByLabel('Moored in the harbour').check();
    await page.getByLabel(/^Next race/).fill('2026-12-01T09:30');
    await page.getByLabel(/^Hull colour/).fill('#1D4E89');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Add to Crew' }).click();
    await page.getByRole('button', { name: 'Add to Crew' }).click();
    await page.getByRole('group', { name: 'Crew 1' }).getByLabel('Name').fill('Yann');
    await page.getByRole('group', { name: 'Crew 2' }).getByLabel('Name').fill('Soizic');
    await page.getByRole('button', { name: 'Move up: Crew 2' }).click();
    await page.getByLabel(/^Specifications/).fill('{"sails": 3}');
    // The relation: searched among the posts, chosen from the list.
    await page.getByRole('textbox', { name: 'Search to add: Logbook' }).fill('winter');
    // The list first shows every post, then (after the typing pause) the matches: wait for those.
    await expect
      .poll(() => page.getByRole('option').allTextContents())
      .toEqual([expect.stringMatching(/Winter logbook/)]);
    await page.getByRole('option', { name: /Winter logbook/ }).click();
    await page.getByRole('button', { name: 'Create draft' }).click();
    // A length below the field's minimum: said beside it before any round trip (the server's own rule
    // and words, field-checks.ts), nothing created.
    await expect.poll(() => page.getByText('Must be at least 1.').count()).toBe(1);
    expect((await call(page, 'GET', '/api/content/boat')).body.meta.total).toBe(0);

    await page.getByLabel(/^Length/).fill('11.5');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/content\/boat\/\d+$/);
    boatId = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = (await call(page, 'GET', `/api/content/boat/${boatId}`)).body.data;
    expect(saved.title).toBe('Marie-Jeanne');
    expect(saved.slug).toBe('marie-jeanne');
    // By its writer unless another author was chosen.
    expect(saved.author_id).toBe((await call(page, 'GET', '/api/me')).body.data.id);
    expect(saved.fields).toMatchObject({
      registry: 'CM 1234',
      length: 11.5,
      story: '<p>Built in <strong>Camaret</strong></p>',
      moored: true,
      // Typed as Tokyo's wall clock (the site's zone), stored as the instant.
      next_race: '2026-12-01T00:30:00.000Z',
      hull: '#1d4e89',
      crew: [{ name: 'Soizic' }, { name: 'Yann' }],
      specs: { sails: 3 },
      logbook: logbook.body.data.id,
    });
    // The address follows the slug as it is typed: once the created entry is on screen (typed
    // before, the slug would be put back by the entry as it loads).
    await expect.poll(() => page.getByText('/boats/marie-jeanne', { exact: true }).count()).toBe(1);
    await page.getByLabel(/^Slug/).fill('marie-jeanne-ii');
    await expect.poll(() => page.getByText('/boats/marie-jeanne-ii', { exact: true }).count()).toBe(1);
    await page.getByLabel(/^Slug/).fill('marie-jeanne');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-editor.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-editor-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(async () => (await call(page, 'GET', `/api/content/boat/${boatId}`)).body.data.status)
      .toBe('published');
    await expect.poll(() => page.getByRole('button', { name: 'Unpublish' }).count()).toBe(1);
    // The notice links to the public page, in a new tab.
    const viewPost = page.getByRole('status').getByRole('link', { name: 'View post' });
    expect(await viewPost.getAttribute('href')).toBe('/boats/marie-jeanne');
    expect(await viewPost.getAttribute('target')).toBe('_blank');

    // An Admin gives the entry to another member, searched by name.
    const author = page.getByRole('combobox', { name: 'Author' });
    await author.click();
    await author.fill('Bo');
    await page.getByRole('option', { name: 'Bo (bo@example.test)' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const bo = (await call(page, 'GET', '/api/users?search=bo%40example&page=1&limit=5')).body.data[0];
    await expect
      .poll(async () => (await call(page, 'GET', `/api/content/boat/${boatId}`)).body.data.author_id)
      .toBe(bo.id);
    await context.close();
  });

  it('shows what changed in a revision and restores it', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${base}/admin/content/boat/${boatId}`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('heading', { name: 'Marie-Jeanne' }).count()).toBe(1);
    await page.getByLabel(/^Title/).fill('Marie-Jeanne of Camaret');
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByRole('heading', { name: 'Marie-Jeanne of Camaret' }).count()).toBe(1);
    await expect
      .poll(() => page.getByText('The site shows the last published version', { exact: false }).count())
      .toBe(1);

    expect(await violations(page)).toEqual([]);
    const revisions = page.getByRole('region', { name: 'Revisions' });
    await revisions.getByRole('button', { name: /^Compare version 1 / }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('ins', { hasText: 'of Camaret' }).count()).toBe(1);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-editor-diff.png') });
    await page.keyboard.press('Escape');

    await revisions.getByRole('button', { name: /^Restore version 1 / }).click();
    const restoring = page.getByRole('dialog', { name: 'Restore this version?' });
    await expect.poll(() => restoring.count()).toBe(1);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await restoring.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Marie-Jeanne');
    expect((await call(page, 'GET', `/api/content/boat/${boatId}`)).body.data.title).toBe('Marie-Jeanne');
    await context.close();
  });

  it('lists the preview links it made and revokes one, after which it opens nothing', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${base}/admin`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    const draft = await call(page, 'POST', '/api/posts', { title: 'Embargoed regatta results' });
    await page.goto(`${base}/admin/content/post/${draft.body.data.id}`);
    const panel = page.getByRole('region', { name: 'Preview links' });
    await expect.poll(() => panel.getByText('No preview link is open.').count()).toBe(1);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = await opened;
    await expect.poll(() => preview.url()).toContain('/_preview/');
    await expect
      .poll(() => preview.getByRole('heading', { name: 'Embargoed regatta results' }).count())
      .toBe(1);
    const url = preview.url();
    await preview.close();
    await expect.poll(() => panel.getByRole('link', { name: /^Open until/ }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await panel.getByRole('button', { name: /^Revoke the link/ }).click();
    await expect.poll(() => panel.getByText('No preview link is open.').count()).toBe(1);
    expect((await page.request.get(url)).status()).toBe(404);
    await context.close();
  });

  it('says who holds the edit lock, takes it over, and guards unsaved changes', async () => {
    // Bo, an editor, is writing a post: his editor holds its lock.
    const bo = await admin.open();
    const login = await bo.page.request.post(`${base}/api/auth/login`, {
      data: { email: 'bo@example.test', password: PASSWORD },
    });
    const headers = { 'x-csrf-token': (await login.json()).data.csrf_token as string };
    const post = await call(bo.page, 'POST', '/api/posts', { title: 'Harbour notes' });
    expect(post.status).toBe(201);
    const postId = post.body.data.id as number;
    expect((await bo.page.request.post(`${base}/api/posts/${postId}/lock`, { headers })).status()).toBe(200);

    const { context, page } = await admin.open();
    await page.goto(`${base}/admin/content/post/${postId}`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByText('Bo is editing this entry').count()).toBe(1);
    expect(await page.getByLabel(/^Title/).isDisabled()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-editor-locked.png') });
    await page.getByRole('button', { name: 'Take over' }).click();
    await expect.poll(() => page.getByLabel(/^Title/).isDisabled()).toBe(false);
    // Bo's next save is refused: the lock is Ada's now.
    const refused = await bo.page.request.put(`${base}/api/posts/${postId}`, {
      headers,
      data: { version: 1, title: 'Mine' },
    });
    expect(refused.status()).toBe(423);

    await page.getByLabel(/^Title/).fill('Harbour notes, revised');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Leave without saving?' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel(/^Title/).inputValue()).toBe('Harbour notes, revised');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    expect((await call(page, 'GET', `/api/posts/${postId}`)).body.data.title).toBe('Harbour notes, revised');
    // Leaving releases the lock for the next editor.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect
      .poll(async () =>
        (await bo.page.request.post(`${base}/api/posts/${postId}/lock`, { headers })).status(),
      )
      .toBe(200);
    await bo.context.close();
    await context.close();
  });

  it('lists a type with the columns it names, and changes authors and terms in bulk', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${base}/admin/content/post`);
    await signIn(page, 'ada@example.test');
    await expect.poll(() => page.getByRole('heading', { name: 'Posts' }).count()).toBe(1);
    const category = await call(page, 'POST', '/api/taxonomies/category/terms', { name: 'Harbour life' });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    for (const title of ['Tide tables', 'Net mending'])
      expect((await call(page, 'POST', '/api/posts', { title })).status).toBe(201);
    await page.reload();
    // Posts name title, status, author, category and published date (built-in display options).
    await expect
      .poll(() => page.getByRole('columnheader').allTextContents())
      .toEqual(expect.arrayContaining(['Title', 'State', 'Author', 'Categories', 'Published']));
    await page.getByLabel('Search titles').fill('t');
    await page.getByRole('checkbox', { name: 'Select “Tide tables”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Net mending”' }).check();
    await page.getByRole('button', { name: 'Add a term to 2' }).click();
    await page.getByRole('dialog').getByLabel('Category', { exact: true }).click();
    await page.getByRole('option', { name: 'Harbour life' }).click();
    await page.getByRole('button', { name: 'Apply to 2' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'Harbour life' }).count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select “Tide tables”' }).check();
    await page.getByRole('button', { name: 'Change the author of 1' }).click();
    await page.getByRole('dialog').getByLabel('Author', { exact: true }).click();
    await page.getByRole('option', { name: /^Bo / }).click();
    await page.getByRole('button', { name: 'Apply to 1' }).click();
    // Bo wrote "Harbour notes" in the lock test; now Tide tables is his too.
    await expect.poll(() => page.getByRole('cell', { name: 'Bo', exact: true }).count()).toBe(2);
    const posts = (await call(page, 'GET', '/api/posts?q=t&limit=50')).body.data as Array<{
      title: string;
      author_id: number;
      terms: { category: number[] };
    }>;
    const tide = posts.find((post) => post.title === 'Tide tables');
    expect(tide?.terms.category).toContain(category.body.data.id);
    expect(posts.find((post) => post.title === 'Net mending')?.terms.category).toContain(
      category.body.data.id,
    );
    const bo = (await call(page, 'GET', '/api/users?search=bo@')).body.data[0];
    expect(tide?.author_id).toBe(bo.id);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-posts-columns.png'), fullPage: true });
    await context.close();
  });

  it('finds entries and users from the header, and lists the sites of a user of several', async () => {
    const second = await seedSiteWithRoles(admin.t.runtime, 'second.localhost');
    const ada = (await admin.t.runtime.data.global
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ada@example.test')
      .executeTakeFirstOrThrow()) as { id: number };
    await new MembersRepo(admin.t.runtime.data.site(second.siteId)).assign(
      ada.id,
      second.roles.get('editor') ?? 0,
      new Date().toISOString(),
    );
    const { context, page } = await admin.open();
    await page.goto(`${base}/admin`);
    await signIn(page, 'ada@example.test');
    const search = page.getByRole('searchbox', { name: 'Search everything' });
    await search.fill('marie');
    await page.getByRole('option', { name: /Marie-Jeanne/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/content/boat/${boatId}`);
    await search.fill('bo@');
    await page.getByRole('option', { name: /Bo/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/users\/\d+$/);

    // A word of a post's text, not its title, finds it; Enter opens every result.
    const post = await call(page, 'POST', '/api/posts', {
      title: 'Harbour lights',
      fields: { content: '<p>The lighthouse keeper climbs the stairs each dusk.</p>' },
    });
    expect((await call(page, 'POST', `/api/posts/${post.body.data.id}/publish`, {})).status).toBe(200);
    await search.fill('keeper');
    await expect.poll(() => page.getByRole('option', { name: /Harbour lights/ }).count()).toBe(1);
    await search.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('keeper');
    await expect.poll(() => page.getByRole('link', { name: 'Harbour lights' }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    const switcher = page.getByRole('button', { name: 'Your sites' });
    await expect.poll(() => switcher.count(), { timeout: 15_000 }).toBe(1);
    await switcher.click();
    const other = page.getByRole('menuitem', { name: /Site second\.localhost/ });
    expect(await other.getAttribute('href')).toBe(`http://second.localhost:${new URL(base).port}/admin`);
    await page.keyboard.press('Escape');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
