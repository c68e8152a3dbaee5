import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  describeInBrowser,
  PASSWORD,
  SCREENSHOTS,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';

/**
 * The users and roles screens in chromium against a real server: an Admin adds a user and changes
 * their role, makes a custom role in the permissions matrix and deletes it, each change checked
 * through the API; an Author's navigation offers neither screen.
 */
let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, 'ada@example.test', 'admin', 'Ada');
  await seedAdminUser(admin, 'cy@example.test', 'author', 'Cy');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

/** Sign-in and lazy chunks take more than `expect.poll`'s default second on a busy machine. */
const poll = <T>(check: () => T | Promise<T>) => expect.poll(check, { timeout: 10_000 });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).count();

async function api<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`${admin.base}${path}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data as T;
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describeInBrowser('the users and roles screens', () => {
  it('adds a user, changes their role, and shows the server refusing a taken email', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/users`);
    await signIn(page, 'ada@example.test');
    await poll(() => heading(page, 'Users')).toBe(1);
    await poll(() => page.getByRole('link', { name: 'Cy', exact: true }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-users.png'), fullPage: true });

    // The search narrows the list on the server.
    await page.getByLabel('Search by name or email').fill('ada@');
    await poll(() => page.getByRole('link', { name: 'Cy', exact: true }).count()).toBe(0);
    await poll(() => page.getByRole('link', { name: 'Ada', exact: true }).count()).toBe(1);

    await page.getByRole('link', { name: 'Add a user' }).click();
    await poll(() => heading(page, 'Add a user')).toBe(1);
    await page.getByLabel(/^Name/).fill('Bo');
    await page.getByLabel(/^Email address/).fill('bo@example.test');
    await choose(page, /^Role/, 'Author');
    // A password too short is said beside it in the admin's words, before any request.
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Create the user' }).click();
    await poll(() => page.getByText('Must be at least 10 characters.').count()).toBe(1);
    expect(await api<unknown[]>(page, '/api/users?search=bo%40example&page=1&limit=20')).toEqual([]);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-users-new.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create the user' }).click();
    await poll(() => page.getByText('User Bo created.').count()).toBe(1);
    await poll(() => heading(page, 'Bo')).toBe(1);
    type User = { id: number; email: string; role: { slug: string } | null; status: string };
    const [created] = await api<User[]>(page, '/api/users?search=bo%40example&page=1&limit=20');
    expect(created?.role?.slug).toBe('author');

    await choose(page, /^Role/, 'Editor');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await poll(() => page.getByText('Changes saved.').count()).toBe(1);
    expect((await api<User>(page, `/api/users/${created?.id}`)).role?.slug).toBe('editor');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-users-edit.png'), fullPage: true });

    // The server's 409 shows beside the field, and nothing changed.
    await page.getByLabel(/^Email address/).fill('cy@example.test');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await poll(() => page.getByText('Is already taken.').count()).toBe(1);
    expect((await api<User>(page, `/api/users/${created?.id}`)).email).toBe('bo@example.test');

    // Oneself: no removal, no suspension, and the email changes from the profile.
    await page.goto(`${admin.base}/admin/users`);
    await page.getByRole('link', { name: 'Ada', exact: true }).click();
    await poll(() => heading(page, 'Ada')).toBe(1);
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Suspended' }).count()).toBe(0);
    expect(await page.getByLabel(/^Email address/).isDisabled()).toBe(true);
    // Giving oneself a smaller role asks first; cancelling keeps the role.
    await choose(page, /^Role/, 'Contributor');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your own role?' });
    await poll(() => dialog.getByText(/You would lose: .*users\.view/).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect((await api<{ role: { slug: string } }>(page, '/api/me')).role.slug).toBe('admin');

    // Removing Bo asks first, then the account is gone.
    await page.goto(`${admin.base}/admin/users/${created?.id}`);
    await page.getByRole('button', { name: 'Remove Bo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove Bo' }).click();
    await poll(() => page.getByText('Bo was removed.').count()).toBe(1);
    expect((await page.request.get(`${admin.base}/api/users/${created?.id}`)).status()).toBe(404);
    await context.close();
  });

  it('makes a custom role in the permissions matrix, checks what the server holds, and deletes it', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/roles`);
    await signIn(page, 'ada@example.test');
    await poll(() => heading(page, 'Roles')).toBe(1);
    await poll(() => page.getByRole('link', { name: 'Editor', exact: true }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-roles.png'), fullPage: true });

    await page.getByRole('link', { name: 'New role' }).click();
    await poll(() => heading(page, 'New role')).toBe(1);
    await page.getByLabel(/^Name/).fill('Reviewer');
    // Starting from Contributor ticks its permissions; then the matrix changes them.
    await choose(page, /^Start from the permissions of/, 'Contributor');
    await poll(() => page.getByRole('checkbox', { name: 'posts.create', exact: true }).isChecked()).toBe(
      true,
    );
    await page.getByRole('checkbox', { name: 'posts.create', exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'content.review', exact: true }).check();
    await page.getByRole('checkbox', { name: 'All permissions of Comments' }).check();
    // An Admin holds nothing of the installation's sites: not theirs to give.
    expect(await page.getByRole('checkbox', { name: 'sites.manage', exact: true }).isDisabled()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create the role' }).click();
    await poll(() => page.getByText('Role saved.').count()).toBe(1);
    await poll(() => heading(page, 'Reviewer')).toBe(1);

    type Role = { id: number; slug: string; permissions: string[]; is_default: boolean };
    const roles = await api<Role[]>(page, '/api/roles?page=1&limit=100');
    const reviewer = roles.find((role) => role.slug === 'reviewer');
    expect([...(reviewer?.permissions ?? [])].sort()).toEqual(
      [
        'comments.delete',
        'comments.edit',
        'comments.moderate',
        'comments.view',
        'content.review',
        'media.view',
        'posts.delete',
        'posts.edit',
        'posts.view',
        'tokens.create',
      ].sort(),
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-roles-edit.png'), fullPage: true });

    // Renamed, one permission more: the server has both.
    await page.getByLabel(/^Name/).fill('Proofreader');
    await page.getByRole('checkbox', { name: 'media.upload', exact: true }).check();
    await page.getByRole('button', { name: 'Save the role' }).click();
    await poll(() => page.getByText('Role saved.').count()).toBe(1);
    const renamed = await api<Role & { name: string }>(page, `/api/roles/${reviewer?.id}`);
    expect(renamed.name).toBe('Proofreader');
    expect(renamed.permissions).toContain('media.upload');

    // On a phone the matrix scrolls inside itself, not the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const table = page
      .getByRole('checkbox', { name: 'posts.view', exact: true })
      .locator('xpath=ancestor::table');
    const scroller = await table.evaluate((node) => {
      let box = node.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      return box ? { scroll: box.scrollWidth, width: box.clientWidth } : null;
    });
    expect(scroller?.scroll).toBeGreaterThan(scroller?.width ?? Number.POSITIVE_INFINITY);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-roles-mobile.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Deleted after a confirmation.
    await page.getByRole('button', { name: 'Delete the role Proofreader' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete the role Proofreader' }).click();
    await poll(() => page.getByText('Role “Proofreader” deleted.').count()).toBe(1);
    expect((await page.request.get(`${admin.base}/api/roles/${reviewer?.id}`)).status()).toBe(404);

    // A built-in role cannot be deleted; Admin's permissions are read-only.
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await poll(() => heading(page, 'Admin')).toBe(1);
    expect(await page.getByText('Built-in roles cannot be deleted.').count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'posts.view', exact: true }).isDisabled()).toBe(true);
    await context.close();
  });

  it('offers an Author neither the users nor the roles screen', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/login`);
    await signIn(page, 'cy@example.test');
    await poll(() => page.getByRole('heading', { name: 'Welcome, Cy' }).count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await poll(() => nav.getByRole('link', { name: 'Posts' }).count()).toBe(1);
    const links = await nav.getByRole('link').allTextContents();
    expect(links).not.toContain('Users');
    expect(links).not.toContain('Roles');
    await context.close();
  });

  it("creates a role, gives it to a user, and the user's navigation shrinks to it", async () => {
    const navOf = async (email: string) => {
      const { context, page } = await admin.open();
      await page.goto(`${admin.base}/admin/login`);
      await signIn(page, email);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await poll(() => nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(1);
      const links = await nav.getByRole('link').allTextContents();
      await context.close();
      return links;
    };
    const before = await navOf('cy@example.test');
    expect(before).toEqual(['Dashboard', 'Posts', 'Media']);

    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/roles/new`);
    await signIn(page, 'ada@example.test');
    await poll(() => heading(page, 'New role')).toBe(1);
    await page.getByLabel(/^Name/).fill('Comment moderator');
    await page.getByRole('checkbox', { name: 'All permissions of Comments' }).check();
    await page.getByRole('button', { name: 'Create the role' }).click();
    await poll(() => page.getByText('Role saved.').count()).toBe(1);

    await page.goto(`${admin.base}/admin/users`);
    await page.getByRole('link', { name: 'Cy', exact: true }).click();
    await poll(() => heading(page, 'Cy')).toBe(1);
    await choose(page, /^Role/, 'Comment moderator');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await poll(() => page.getByText('Changes saved.').count()).toBe(1);
    await context.close();

    const after = await navOf('cy@example.test');
    expect(after).toEqual(['Dashboard', 'Comments']);
    expect(after.length).toBeLessThan(before.length);
  });
});
