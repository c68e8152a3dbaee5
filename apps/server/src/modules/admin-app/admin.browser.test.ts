import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiCall,
  CHROMIUM,
  describeInBrowser,
  SCREENSHOTS,
  signIn as signInAs,
  violations,
} from '../../../test/admin-browser.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { analyticsRecorderOf } from '../analytics/module.js';
import { base32Decode, totpCode } from '../identity/two-factor/totp.js';
import { prepareFirstRun } from '../sites/first-run.js';

/**
 * The administration app in Debian's chromium, against a real server on a fresh database: first
 * run from the printed setup link, sign-in with and without two-step codes, a session that ends
 * under the user's feet, sign-out, the French interface, and axe-core on each screen.
 */
const EMAIL = 'ada@example.test';
const PASSWORD = 'correct horse battery staple';
const screenshots = SCREENSHOTS;
/** A screen after a sign-in loads its chunks first: a busy machine needs more than 5 s. */
const AFTER_SIGN_IN = { timeout: 15_000 };

let t: TestContext;
let base: string;
let browser: Browser;
let setupLink: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_SESSION: '100000' });
  const lines: string[] = [];
  await prepareFirstRun(t.runtime, (line) => lines.push(line));
  const printed = lines.join('\n').match(/\/admin\/setup\?token=[\w-]+/);
  if (!printed) throw new Error(`no setup link in: ${lines.join('\n')}`);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://localhost:${(t.app.server.address() as AddressInfo).port}`;
  setupLink = `${base}${printed[0]}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  mkdirSync(screenshots, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

function signIn(page: Page, password = PASSWORD) {
  return signInAs(page, EMAIL, password);
}

/** The titles the content list shows, in its order. */
function listedTitles(page: Page) {
  return page.locator('tbody tr td:nth-child(2) a').allTextContents();
}

/**
 * The content list's filters, each narrowing the list, all kept in the address so that a reload (or
 * the link shared) shows the same: author, term, language, a range of the site's days (its time
 * zone, not the browser's), and the order turned; then the same screen on a phone.
 */
async function filtersNarrowTheList(page: Page) {
  const ok = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const answer = await apiCall(page, base, method, path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body.data;
  };
  const bo = (await ok('GET', '/api/users?search=bo@'))[0].id as number;
  const weather = (await ok('POST', '/api/taxonomies/category/terms', { name: 'Weather' })).id as number;
  const zone = (await ok('GET', '/api/settings/general')).time_zone as string;
  await ok('PUT', '/api/settings/general', { time_zone: 'Asia/Tokyo' });
  await ok('PUT', '/api/sites/1', { locales: ['en', 'fr'] });
  await ok('POST', '/api/posts', { title: 'Buoy report', author_id: bo });
  await ok('POST', '/api/posts', { title: 'Gale forecast', terms: { category: [weather] } });
  await ok('POST', '/api/posts', { title: 'Marée basse', locale: 'fr' });
  // Written late on 14 January by UTC's clock: already the 15th in Tokyo.
  await t.runtime.data
    .site(1)
    .updateTable('entries')
    .set({ created_at: '2024-01-14T20:00:00.000Z' })
    .where('title', '=', 'Calm seas')
    .execute();
  await page.goto(`${base}/admin/content/post`);
  const everyPost = ['Marée basse', 'Gale forecast', 'Buoy report', 'Calm seas', 'Storm warning', 'Low tide'];
  await expect.poll(async () => (await listedTitles(page)).sort()).toEqual([...everyPost].sort());
  const filters = page.getByRole('group', { name: 'Filters' });
  const search = () => new URL(page.url()).searchParams;

  // Author: searched among the site's members.
  await filters.getByLabel('Author', { exact: true }).fill('bo');
  // The first answer lists every member; wait for the search's before choosing.
  await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['Bo (bo@example.test)']);
  await page.getByRole('option', { name: 'Bo (bo@example.test)' }).click();
  await expect.poll(() => listedTitles(page)).toEqual(['Buoy report']);
  expect(search().get('author')).toBe(String(bo));
  // Kept in the address: a reload (or the link sent to someone) shows the same list.
  await page.reload();
  await expect.poll(() => listedTitles(page)).toEqual(['Buoy report']);
  await expect
    .poll(() => filters.getByLabel('Author', { exact: true }).inputValue())
    .toBe('Bo (bo@example.test)');
  await filters.getByRole('button', { name: 'Clear the filters' }).click();
  await expect.poll(async () => (await listedTitles(page)).length).toBe(everyPost.length);
  expect(search().has('author')).toBe(false);

  // A term, among those of each of the type's taxonomies.
  await filters.getByLabel('Term', { exact: true }).click();
  await page.getByRole('option', { name: 'Weather' }).click();
  await expect.poll(() => listedTitles(page)).toEqual(['Gale forecast']);
  expect(search().get('term')).toBe(String(weather));
  await filters.getByRole('button', { name: 'Clear the filters' }).click();

  // The language, on a site of several.
  await filters.getByLabel('Language', { exact: true }).click();
  await page.getByRole('option', { name: 'French' }).click();
  await expect.poll(() => listedTitles(page)).toEqual(['Marée basse']);
  expect(search().get('locale')).toBe('fr');
  await filters.getByRole('button', { name: 'Clear the filters' }).click();

  // A range of the site's days: the 15th in Tokyo holds what UTC dates the 14th.
  await filters.getByLabel('From', { exact: true }).fill('2024-01-15');
  await filters.getByLabel('To', { exact: true }).fill('2024-01-15');
  await expect.poll(() => listedTitles(page)).toEqual(['Calm seas']);
  expect(`${search().get('from')}..${search().get('to')}`).toBe('2024-01-15..2024-01-15');
  await filters.getByLabel('To', { exact: true }).fill('2024-01-14');
  await expect.poll(() => filters.getByText('The end comes before the start.').count()).toBe(1);
  await filters.getByLabel('From', { exact: true }).fill('2024-01-14');
  await expect.poll(() => page.getByText('No entry matches these filters.').count()).toBe(1);
  await filters.getByRole('button', { name: 'Clear the filters' }).click();

  // Typed fast on a slow machine (the CPU slowed six times): no filter drops another.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  try {
    for (const [from, to] of [
      ['2024-01-10', '2024-01-20'],
      ['2024-01-11', '2024-01-19'],
      ['2024-01-12', '2024-01-18'],
    ] as const) {
      // Cleared, then both typed at once: the clearing's address may arrive after them.
      const clear = filters.getByRole('button', { name: 'Clear the filters' });
      if (await clear.count()) await clear.click();
      await filters.getByLabel('From', { exact: true }).fill(from);
      await filters.getByLabel('To', { exact: true }).fill(to);
      await expect.poll(() => `${search().get('from')}..${search().get('to')}`).toBe(`${from}..${to}`);
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  await filters.getByRole('button', { name: 'Clear the filters' }).click();
  await expect.poll(async () => (await listedTitles(page)).length).toBe(everyPost.length);
  expect(search().toString()).toBe('');

  // The order, either way: titles A to Z, then Z to A, in the address too.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Title' }).click();
  await expect.poll(() => listedTitles(page)).toEqual([...everyPost].sort((a, b) => a.localeCompare(b)));
  await page.locator('label', { hasText: 'Z to A' }).click();
  await expect.poll(() => listedTitles(page)).toEqual([...everyPost].sort((a, b) => b.localeCompare(a)));
  expect(search().toString()).toBe('sort=title&order=desc');
  await page.reload();
  await expect.poll(() => listedTitles(page)).toEqual([...everyPost].sort((a, b) => b.localeCompare(a)));
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: join(screenshots, 'admin-posts-filters.png'), fullPage: true });

  // Every filter reached from the keyboard, and a phone's width holds them without widening the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(screenshots, 'admin-posts-filters-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByLabel('Search titles').focus();
  const reached: string[] = [];
  for (let step = 0; step < 16; step++) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ??
          (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ??
          '',
      ),
    );
  }
  for (const name of ['Sort by', 'Author', 'Term', 'Language', 'Dates', 'From', 'To'])
    expect(
      reached.some((label) => label.startsWith(name)),
      `${name} in ${reached.join(' | ')}`,
    ).toBe(true);

  await ok('PUT', '/api/settings/general', { time_zone: zone });
  await ok('PUT', '/api/sites/1', { locales: ['en'] });
  await page.goto(`${base}/admin/content/post?status=published`);
}

describeInBrowser('the administration app', () => {
  it('sets Tessera up from the printed link, then signs in to the dashboard', async () => {
    const context = await browser.newContext({ locale: 'en-GB', bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    // A step that cannot happen fails in seconds, naming its locator, not at the test's timeout.
    page.setDefaultTimeout(5000);
    // Every refused request and every icon asked for, from the set-up to the dashboard.
    const refused: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.status() >= 400 || url.pathname === '/favicon.ico')
        refused.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
    });
    await page.goto(setupLink);
    await expect.poll(() => page.getByRole('heading', { name: 'Set up Tessera' }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('Site name').fill('Harbour Café');
    expect(await page.getByLabel('Domain').inputValue()).toBe('localhost');
    await page.getByLabel('Your name').fill('Ada');
    await page.getByLabel('Your email address').fill(EMAIL);
    // Too short: the server's 422 message shows beside the field.
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel(/^Password/).evaluate((input) => input.removeAttribute('minlength'));
    await page.getByRole('button', { name: 'Create the site' }).click();
    await expect.poll(() => page.getByText(/at least 10/i).count()).toBeGreaterThan(0);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the site' }).click();
    await expect.poll(() => page.getByText('Tessera is set up.', { exact: false }).count()).toBe(1);
    await page.getByRole('link', { name: 'Go to sign in' }).click();

    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to Harbour Café' }).count()).toBe(1);
    // The tab's title is set by an effect after the render that shows the heading: waited for too.
    await expect.poll(() => page.title()).toBe('Sign in to Harbour Café');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-login.png') });
    await signIn(page, 'wrong password!');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('wrong');
    await signIn(page);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome, Ada' }).count(), AFTER_SIGN_IN)
      .toBe(1);
    expect(new URL(page.url()).pathname).toBe('/admin');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    // Refused on the way: the site, once, before it existed; the two mistakes made on purpose. No
    // icon asked for, no CSRF token or profile asked before signing in.
    expect(refused).toEqual(['404 GET /api/site', '422 POST /api/setup', '401 POST /api/auth/login']);
    await expect.poll(() => page.getByText('Nothing has been written yet.').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-dashboard.png'), fullPage: true });

    // A reload keeps the session; an unknown screen says so inside the frame.
    await page.goto(`${base}/admin/nowhere`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    await context.close();
  });

  it('asks for the two-step code when the account has it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A step that cannot happen fails in seconds, naming its locator, not at the test's timeout.
    page.setDefaultTimeout(5000);
    const session = await page.request.post(`${base}/api/auth/login`, {
      data: { email: EMAIL, password: PASSWORD },
    });
    const csrf = (await session.json()).data.csrf_token as string;
    const setup = await page.request.post(`${base}/api/me/two-factor/setup`, {
      headers: { 'x-csrf-token': csrf },
    });
    const secret = (await setup.json()).data.secret as string;
    const enabled = await page.request.post(`${base}/api/me/two-factor/enable`, {
      headers: { 'x-csrf-token': csrf },
      data: { code: totpCode(base32Decode(secret), Date.now()) },
    });
    expect(enabled.status()).toBe(200);
    await context.clearCookies();

    await page.goto(`${base}/admin/login`);
    await signIn(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Two-step verification' }).count()).toBe(1);
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    await page.getByLabel('Code').fill(totpCode(base32Decode(secret), Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome, Ada' }).count(), AFTER_SIGN_IN)
      .toBe(1);

    const off = await page.request.post(`${base}/api/me/two-factor/disable`, {
      headers: {
        'x-csrf-token': (await (await page.request.get(`${base}/api/auth/csrf`)).json()).data.csrf_token,
      },
      data: { password: PASSWORD },
    });
    expect(off.status(), await off.text()).toBe(204);
    await context.close();
  });

  it('sends someone whose session ended to sign in, and back where they were; signs out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A step that cannot happen fails in seconds, naming its locator, not at the test's timeout.
    page.setDefaultTimeout(5000);
    // What the page did (its addresses, its API calls), said if the expiry step fails.
    const story: string[] = [];
    const started = Date.now();
    const tell = (line: string) => story.push(`${Date.now() - started} ms ${line}`);
    page.on('framenavigated', (frame) => frame === page.mainFrame() && tell(`at ${frame.url()}`));
    page.on('response', (answer) => {
      if (answer.url().includes('/api/'))
        tell(`${answer.status()} ${answer.request().method()} ${new URL(answer.url()).pathname}`);
    });
    await page.goto(`${base}/admin/nowhere?x=1`);
    // Not signed in: the sign-in page, then back to the address asked for.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    // Never signed in: no word of an ended session, read once the sign-in page is shown (the address
    // changes before it renders: read at once, the absence could be the empty frame's).
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).count()).toBe(1);
    expect(await page.getByText('Your session ended.', { exact: false }).count()).toBe(0);
    await signIn(page);
    await expect
      .poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`)
      .toBe('/admin/nowhere?x=1');
    // Signed in as the app sees it: the address changes before GET /api/me has answered, and a
    // session deleted while that call is under way was never one the app knew (failed once in CI,
    // stop 52: the sign-in page without the word, rightly).
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count(), AFTER_SIGN_IN)
      .toBe(1);

    // The session ends behind the app's back (signed out elsewhere, expired): the next call sends
    // the user to sign in, told why.
    await page.waitForLoadState('networkidle');
    tell('sessions deleted');
    await t.runtime.data.global.deleteFrom('sessions').execute();
    // Going to the dashboard makes the next calls; a call of the screen still under way may come
    // back first with its 401, and then the link is already gone: either way the user is told.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    // Failed once in CI in five runs (stop 35), the sign-in page's address not kept: said with it.
    await expect
      .poll(() => page.getByText('Your session ended.', { exact: false }).count())
      .toBe(1)
      .catch((error: Error) => {
        throw new Error(
          `${error.message}; the sign-in page is at ${page.url()}; what the page did: ${story.join(', ')}`,
        );
      });
    // Back where they were: the dashboard, or the screen before it when one of its own calls met the
    // ended session first (a refetch can come before the click). Either way, the address asked for.
    const next = new URL(page.url()).searchParams.get('next') ?? '/';
    expect(['/', '/nowhere?x=1']).toContain(next);
    await signIn(page);
    const here = () => `${new URL(page.url()).pathname}${new URL(page.url()).search}`.replace(/\/$/, '');
    await expect.poll(here, AFTER_SIGN_IN).toBe(`/admin${next}`.replace(/\/$/, ''));
    if (next === '/')
      await expect
        .poll(() => page.getByRole('heading', { name: 'Welcome, Ada' }).count(), AFTER_SIGN_IN)
        .toBe(1);

    // Signing out is a CSRF-protected POST; after it the admin asks to sign in again.
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    expect((await page.request.get(`${base}/api/me`)).status()).toBe(401);
    // Signing out is not a session that ended: no such word.
    expect(new URL(page.url()).searchParams.get('expired')).toBeNull();
    await context.close();
  });

  it('moderates a comment, shows the visits, and shows each user only what they may do', async () => {
    const context = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    const host = { host: new URL(base).host };
    // As the admin through the API: a published post, comments open at once, an author.
    const login = await page.request.post(`${base}/api/auth/login`, {
      data: { email: EMAIL, password: PASSWORD },
    });
    const headers = { 'x-csrf-token': (await login.json()).data.csrf_token as string };
    const post = await page.request.post(`${base}/api/posts`, { headers, data: { title: 'Low tide' } });
    const postId = (await post.json()).data.id as number;
    await page.request.post(`${base}/api/posts/${postId}/publish`, { headers, data: {} });
    await page.request.put(`${base}/api/settings/discussion`, { headers, data: { min_seconds: 0 } });
    const author = await page.request.post(`${base}/api/users`, {
      headers,
      data: { email: 'bo@example.test', display_name: 'Bo', password: PASSWORD, role: 'author' },
    });
    expect(author.status(), await author.text()).toBe(201);
    // A visitor's comment, held for moderation; two page views from a browser.
    const form = await (
      await fetch(`${base}/api/comments/form?entry_id=${postId}`, { headers: host })
    ).json();
    const sent = await fetch(`${base}/api/comments`, {
      method: 'POST',
      headers: { ...host, 'content-type': 'application/json' },
      body: JSON.stringify({
        entry_id: postId,
        name: 'Cleo',
        email: 'cleo@example.test',
        body: 'When does the market open?',
        token: form.data.token,
      }),
    });
    expect(sent.status).toBe(201);
    const agent =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    for (const path of ['/', '/'])
      await fetch(`${base}${path}`, { headers: { ...host, 'user-agent': agent } });
    await analyticsRecorderOf(t.runtime)?.flush();

    await page.goto(`${base}/admin/comments`);
    await expect.poll(() => page.getByText('When does the market open?').count()).toBe(1);
    // Each comment says which post it is on, a link to its editor.
    expect(await page.getByRole('link', { name: 'Low tide' }).getAttribute('href')).toBe(
      `/admin/content/post/${postId}`,
    );
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-comments.png'), fullPage: true });
    await page.getByRole('button', { name: 'Approve: Cleo' }).click();
    await expect.poll(() => page.getByText('No comment is waiting for moderation.').count()).toBe(1);
    await page.locator('label', { hasText: 'Approved' }).click();
    await expect.poll(() => page.getByText('When does the market open?').count()).toBe(1);
    // A moderator's reply, published at once under the comment.
    await page.getByRole('button', { name: 'Reply: Cleo' }).click();
    await page.getByLabel('Your reply to Cleo').fill('Every morning from seven.');
    await page.getByRole('button', { name: 'Publish the reply' }).click();
    await expect.poll(() => page.getByText('Every morning from seven.').count()).toBe(1);
    // The reply shows on the screen as soon as it is sent; its request may still be on its way.
    const threadText = async () => {
      const thread = await (
        await fetch(`${base}/api/comments/thread?entry_id=${postId}`, { headers: host })
      ).json();
      return thread.data.map((c: { content_html: string }) => c.content_html).join();
    };
    await expect.poll(threadText).toContain('Every morning from seven.');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Analytics' })
      .click();
    await expect.poll(() => page.getByRole('heading', { name: 'Analytics' }).count()).toBe(1);
    // The link followed hands the focus to the new screen's content, where Tab goes on from.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('content');
    await expect.poll(() => page.getByRole('cell', { name: '/', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Export CSV' }).first().getAttribute('href')).toMatch(
      /^\/api\/analytics\/export\?report=daily&from=\d{4}-\d{2}-\d{2}&to=/,
    );
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-analytics.png'), fullPage: true });

    // An author may neither moderate nor see analytics: their navigation has neither.
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByLabel('Email address').fill('bo@example.test');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome, Bo' }).count(), AFTER_SIGN_IN)
      .toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Nor pages, as in WordPress: an Author writes posts.
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Posts', 'Media']);
    await context.close();
  });

  it('lists posts, searches them, trashes and restores one, and publishes drafts in bulk', async () => {
    const context = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    await page.goto(`${base}/admin/content/post`);
    await signIn(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Posts' }).count()).toBe(1);
    for (const title of ['Storm warning', 'Calm seas']) {
      const csrf = (await (await page.request.get(`${base}/api/auth/csrf`)).json()).data.csrf_token;
      await page.request.post(`${base}/api/posts`, { headers: { 'x-csrf-token': csrf }, data: { title } });
    }
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Posts' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Low tide', { exact: true }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-posts.png'), fullPage: true });

    await page.getByLabel('Search titles').fill('storm');
    await expect.poll(() => page.getByText('Low tide', { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByText('Storm warning', { exact: true }).count()).toBe(1);
    await page.getByLabel('Search titles').fill('');

    await page.getByRole('button', { name: 'Trash: Low tide' }).click();
    await expect.poll(() => page.getByText('Low tide', { exact: true }).count()).toBe(0);
    await page.locator('label', { hasText: 'Trash' }).click();
    await page.getByRole('button', { name: 'Restore: Low tide' }).click();
    await expect.poll(() => page.getByText('The trash is empty.').count()).toBe(1);

    // Back from the trash as a draft (as WordPress does), with the two new drafts: published at once.
    await page.locator('label', { hasText: 'Drafts' }).click();
    await expect.poll(() => page.getByText('Calm seas', { exact: true }).count()).toBe(1);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'Publish 3' }).click();
    await expect.poll(() => page.getByText('No drafts.').count()).toBe(1);
    await page.locator('label', { hasText: 'Published' }).click();
    await expect.poll(() => page.getByText('Calm seas', { exact: true }).count()).toBe(1);

    await filtersNarrowTheList(page);

    // A custom type joins the navigation after pages, under its own name, with its list.
    const csrf = (await (await page.request.get(`${base}/api/auth/csrf`)).json()).data.csrf_token;
    const type = await page.request.post(`${base}/api/content-types`, {
      headers: { 'x-csrf-token': csrf },
      data: { slug: 'boat', singular_label: 'Boat', plural_label: 'Boats', route_pattern: '/boats/{slug}' },
    });
    expect(type.status(), await type.text()).toBe(201);
    await page.request.post(`${base}/api/content/boat`, {
      headers: { 'x-csrf-token': csrf },
      data: { title: 'Marie-Jeanne' },
    });
    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect
      .poll(() => nav.getByRole('link').allTextContents())
      .toEqual([
        'Dashboard',
        'Posts',
        'Pages',
        'Boats',
        'Categories',
        'Tags',
        'Media',
        'Comments',
        'Appearance',
        'Analytics',
        'Activity log',
        'Users',
        'Roles',
        'Accounts',
        'Newsletter',
        'Sites',
        'Settings',
        'Content types',
        'Webhooks',
        'Email templates',
        'Plugins',
        'Background jobs',
      ]);
    // Under WordPress's headings: Content, Appearance, Site, Settings.
    for (const heading of ['Content', 'Appearance', 'Site', 'Settings'])
      expect(await nav.getByText(heading, { exact: true }).count(), heading).toBeGreaterThan(0);
    await nav.getByRole('link', { name: 'Boats' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Boats' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Marie-Jeanne', { exact: true }).count()).toBe(1);
    await context.close();
  });

  it('speaks French to a French browser', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    // A step that cannot happen fails in seconds, naming its locator, not at the test's timeout.
    page.setDefaultTimeout(5000);
    await page.goto(`${base}/admin/login`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Se connecter à Harbour Café' }).count())
      .toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByRole('link', { name: 'Mot de passe oublié ?' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Réinitialiser votre mot de passe' }).count())
      .toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-forgot-fr.png') });
    // What the form sees itself is said in French beside the field, and nothing is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/password/')) sent.push(request.url());
    });
    await page.getByRole('textbox', { name: /^Adresse e-mail/ }).fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect.poll(() => page.getByText('Une adresse e-mail est attendue.').count()).toBe(1);
    expect(sent).toEqual([]);
    await context.close();
  });

  it("shows the site's branding instead of Tessera's when white-labelled", async () => {
    const context = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    const login = await page.request.post(`${base}/api/auth/login`, {
      data: { email: EMAIL, password: PASSWORD },
    });
    const headers = { 'x-csrf-token': (await login.json()).data.csrf_token as string };
    const branded = await page.request.put(`${base}/api/sites/1`, {
      headers,
      data: { branding: { name: 'Quayside Studio', primary_color: '#7a1f5c' } },
    });
    expect(branded.status(), await branded.text()).toBe(200);
    await context.clearCookies();
    await page.goto(`${base}/admin/login`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sign in to Quayside Studio' }).count())
      .toBe(1);
    await expect.poll(() => page.title()).toBe('Sign in to Quayside Studio');
    expect(await page.locator('body').innerText()).not.toMatch(/tessera/i);
    const button = await page
      .getByRole('button', { name: 'Sign in' })
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(button).toBe('rgb(122, 31, 92)');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-login-white-label.png') });
    await context.close();
  });

  it('makes an API token shown once and revokes it, and turns two-step sign-in on and off', async () => {
    const context = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    await page.goto(`${base}/admin/profile`);
    await signIn(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Your profile' }).count()).toBe(1);
    // Still in the site's colours after the sign-in on the way.
    expect(
      await page
        .getByRole('button', { name: 'Set up' })
        .evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(122, 31, 92)');
    await page.getByLabel(/^Name/).fill('Deploy script');
    await page.getByRole('button', { name: 'Create a token' }).click();
    await expect.poll(() => page.getByText('Token “Deploy script” created').count()).toBe(1);
    const token = (await page.locator('code').first().textContent()) ?? '';
    expect(token.length).toBeGreaterThan(20);
    const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-profile.png'), fullPage: true });
    await page.getByRole('button', { name: 'Revoke: Deploy script' }).click();
    // The admin's own dialog, not the browser's: in the interface's words, checked by axe.
    const revoke = page.getByRole('dialog', { name: 'Revoke this token?' });
    await expect
      .poll(() => revoke.getByText('Programs using it stop working at once.', { exact: false }).count())
      .toBe(1);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await revoke.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect.poll(() => page.getByText('You have no API token.').count()).toBe(1);
    expect((await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );

    await page.getByRole('button', { name: 'Set up' }).click();
    await expect.poll(() => page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    const secret = (await page.locator('p:has-text("Or enter this key by hand") code').textContent()) ?? '';
    await page.getByLabel(/^Code/).fill(totpCode(base32Decode(secret), Date.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByText('Two-step sign-in is on').count()).toBe(1);
    expect(await page.locator('[role="status"] code').count()).toBeGreaterThanOrEqual(8);
    await page.reload();
    // The profile asks for the current password in its password form too: this one turns it off.
    await page
      .getByRole('region', { name: 'Two-step sign-in' })
      .getByLabel('Your current password')
      .fill(PASSWORD);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Set up' }).count()).toBe(1);
    await context.close();
  });

  it('shows the activity log, filtered by action, with its CSV', async () => {
    const context = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    await page.goto(`${base}/admin/activity`);
    await signIn(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Activity log' }).count()).toBe(1);
    // Dates are the site's (its time zone), not the browser's.
    const csrf = (await (await page.request.get(`${base}/api/auth/csrf`)).json()).data.csrf_token;
    const zone = await page.request.put(`${base}/api/settings/general`, {
      headers: { 'x-csrf-token': csrf },
      data: { time_zone: 'Asia/Tokyo' },
    });
    expect(zone.status(), await zone.text()).toBe(200);
    await page.reload();
    const newest = (await (await page.request.get(`${base}/api/activity?limit=1&page=1`)).json()).data[0];
    const tokyo = new Intl.DateTimeFormat('en', {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: 'Asia/Tokyo',
    });
    await expect
      .poll(() => page.getByText(tokyo.format(new Date(newest.created_at)), { exact: true }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByText('post.published', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByLabel(/^Action/).fill('comment.*');
    await expect.poll(() => page.getByText('post.published', { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByText('comment.approved', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/activity/export?action=comment.*',
    );
    const csv = await page.request.get(`${base}/api/activity/export?action=comment.*`);
    expect(await csv.text()).toContain('comment.approved');
    // A day picked is the site's day (Tokyo's, 9 hours ahead of UTC), whatever the browser's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const start = Date.parse(`${today}T00:00:00Z`) - 9 * 3_600_000;
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    const range = new URLSearchParams({
      action: 'comment.*',
      from: new Date(start).toISOString(),
      to: new Date(start + 86_400_000).toISOString(),
    });
    await expect
      .poll(() => page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))
      .toBe(`/api/activity/export?${range}`);
    await expect.poll(() => page.getByText('comment.approved', { exact: true }).count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-activity.png'), fullPage: true });
    await context.close();
  });

  it('lets a Super Admin create a site, change its domains, and disable and enable it', async () => {
    const context = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    await page.goto(`${base}/admin/sites`);
    await signIn(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Sites' }).count()).toBe(1);
    await page.getByRole('button', { name: 'New site' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Name/).fill('Lighthouse Museum');
    await dialog.getByLabel(/^Domain/).fill('localhost');
    await dialog.getByRole('button', { name: 'Create the site' }).click();
    // Taken by the first site: the server's word beside the field.
    await expect.poll(() => dialog.getByText('Another site already answers on localhost.').count()).toBe(1);
    await dialog.getByLabel(/^Domain/).fill('museum.localhost');
    await dialog.getByRole('button', { name: 'Create the site' }).click();
    await expect
      .poll(() => page.getByRole('cell', { name: 'Lighthouse Museum', exact: true }).count())
      .toBe(1);
    await page.getByRole('button', { name: 'Edit: Lighthouse Museum' }).click();
    await page.getByRole('dialog').getByLabel('Other domains').fill('phare.localhost');
    await page.keyboard.press('Enter');
    // Its white-label name from the same form; another site's, so nothing from this site's library.
    const edit = page.getByRole('dialog', { name: 'Edit Lighthouse Museum' });
    await edit.getByLabel('System name').fill('Museum of Light');
    expect(await edit.getByRole('button', { name: 'From the library' }).count()).toBe(0);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-sites-branding.png') });
    await edit.getByRole('button', { name: 'Save the site' }).click();
    // The list's row, once the dialog (which holds the same domain in its field) has closed.
    await expect.poll(() => edit.count()).toBe(0);
    await expect.poll(() => page.getByText('phare.localhost').count()).toBe(1);
    await expect.poll(() => page.getByText('Shown as “Museum of Light”').count()).toBe(1);
    // Asked in the admin's own dialog; Cancel has the focus, so Enter alone does not disable the site.
    await page.getByRole('button', { name: 'Disable: Lighthouse Museum' }).click();
    const disable = page.getByRole('dialog', { name: 'Disable this site?' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await expect.poll(() => disable.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Disable: Lighthouse Museum' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Disable: Lighthouse Museum' }).click();
    await expect.poll(() => disable.count()).toBe(1);
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await disable.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Enable: Lighthouse Museum' }).count()).toBe(1);
    const sites = (await (await page.request.get(`${base}/api/sites?limit=50`)).json()).data as Array<{
      name: string;
      aliases: string[];
      enabled: boolean;
      branding: { name: string | null };
    }>;
    expect(sites.find((site) => site.name === 'Lighthouse Museum')).toMatchObject({
      aliases: ['phare.localhost'],
      enabled: false,
      branding: { name: 'Museum of Light', primary_color: null },
    });
    // This site's own branding was left as it was.
    expect(sites.find((site) => site.name === 'Harbour Café')?.branding.name).toBe('Quayside Studio');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-sites.png'), fullPage: true });
    // On a phone the table scrolls within itself; the page does not widen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'admin-sites-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Enable: Lighthouse Museum' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Disable: Lighthouse Museum' }).count()).toBe(1);
    await context.close();
  });
});
