import { join } from 'node:path';
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
 * What an Author sees in the admin, as WordPress shows its Authors: no Pages, others' posts only
 * once published and named by their author, and no Trash on what is not theirs.
 */
const LOAD = { timeout: 15_000 };
let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, 'eve@example.test', 'editor', 'Eve Marin');
  await seedAdminUser(admin, 'bo@example.test', 'author', 'Bo Keller');
  const { context, page } = await admin.open();
  const login = await page.request.post(`${admin.base}/api/auth/login`, {
    data: { email: 'eve@example.test', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  const call = (method: 'POST', path: string, body?: unknown) =>
    apiCall(page, admin.base, method, path, body);
  const live = (await call('POST', '/api/posts', { title: 'Tide tables for May' })).body.data;
  expect((await call('POST', `/api/posts/${live.id}/publish`, {})).status).toBe(200);
  expect((await call('POST', '/api/posts', { title: 'Unfinished harbour story' })).status).toBe(201);
  await context.close();
}, 60_000);
afterAll(() => admin?.close());

describeInBrowser('the admin as an Author sees it', () => {
  it("hides Pages and others' drafts, names authors, and offers Trash only on their own posts", async () => {
    const { context, page } = await admin.open();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${admin.base}/admin/login`);
    await signIn(page, 'bo@example.test');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.count(), LOAD).toBe(1);
    await expect.poll(() => nav.getByRole('link', { name: 'Posts', exact: true }).count(), LOAD).toBe(1);
    expect(await nav.getByRole('link', { name: 'Pages', exact: true }).count()).toBe(0);

    const own = await apiCall(page, admin.base, 'POST', '/api/posts', { title: 'My net mending notes' });
    expect(own.status).toBe(201);
    await page.goto(`${admin.base}/admin/content/post`);
    const rows = page.getByRole('row');
    await expect.poll(() => rows.filter({ hasText: 'Tide tables for May' }).count(), LOAD).toBe(1);
    await expect.poll(() => rows.filter({ hasText: 'My net mending notes' }).count(), LOAD).toBe(1);
    expect(await rows.filter({ hasText: 'Unfinished harbour story' }).count()).toBe(0);
    const theirs = rows.filter({ hasText: 'Tide tables for May' });
    expect(await theirs.getByText('Eve Marin').count()).toBe(1);
    expect(await theirs.getByRole('button', { name: /^Trash/ }).count()).toBe(0);
    const mine = rows.filter({ hasText: 'My net mending notes' });
    expect(await mine.getByRole('button', { name: /^Trash/ }).count()).toBe(1);
    expect(await page.getByText('User 1', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-author-posts.png'), fullPage: true });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
