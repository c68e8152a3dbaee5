import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { describe } from 'vitest';
import { ADMIN_DIST } from '../src/modules/admin-app/module.js';
import { createTestApp, type TestContext } from './harness.js';
import { PASSWORD, seedSiteWithRoles, seedUser } from './identity-fixtures.js';

/**
 * What the admin's browser tests share: Debian's chromium against a real server on a fresh
 * database, axe-core, sign-in, and API calls made as the signed-in user.
 */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM) && existsSync(join(ADMIN_DIST, 'index.html'));

const describeOrSkip = present || process.env.CI ? describe : describe.skip;
if (!present && !process.env.CI)
  console.log('Admin browser tests skipped: no chromium, or the admin is not built.');

/**
 * `describe` when chromium and the built admin are here (always under CI, where absence must fail),
 * its tests given 90 s: a browser test walks through a whole task (the builder's take 8 to 17 s on a
 * quiet machine, with autosaves it waits for), and the suite's 30 s would fail one on a busy machine
 * that is merely slow. Each step still fails fast on its own timeout (open() below, expect.poll's).
 * Given per describe, not by vi.setConfig at this module's top: workers keep modules from one file
 * to the next (vitest.config.ts), so that line ran for the first file of each worker only.
 */
export function describeInBrowser(name: string, body: () => void): void {
  describeOrSkip(name, { timeout: 90_000 }, body);
}

export const SCREENSHOTS = join(process.cwd(), 'reports', 'screenshots');
export { PASSWORD };

export interface AdminBrowser {
  t: TestContext;
  /** http://localhost:<port>: the site answers on localhost. */
  base: string;
  browser: Browser;
  siteId: number;
  roles: Map<string, number>;
  /** A context that bypasses the CSP (for axe) with a page that fails a missing step in 10 s. */
  open(options?: { locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * A listening server with one site on localhost and its default roles, users seeded with
 * `seedUser(t.runtime, siteId, roles, ...)`, and chromium.
 */
export async function startAdminBrowser(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<AdminBrowser> {
  const t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_SESSION: '100000', ...env },
    options,
  );
  const { siteId, roles } = await seedSiteWithRoles(t.runtime, 'localhost');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://localhost:${(t.app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    t,
    base,
    browser,
    siteId,
    roles,
    async open(options = {}) {
      // Reduced motion: dialogs appear at once, so axe never measures a colour halfway through a fade.
      const context = await browser.newContext({
        bypassCSP: true,
        locale: options.locale ?? 'en-GB',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      // A step that cannot happen fails in seconds, naming its locator, not at the test's timeout.
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/** Seeds a user of the site with a role (`admin`, `editor`, `author`...) and the shared password. */
export function seedAdminUser(
  admin: AdminBrowser,
  email: string,
  role: string,
  name = email.split('@')[0],
): Promise<number> {
  return seedUser(admin.t.runtime, admin.siteId, admin.roles, { email, role, ...(name ? { name } : {}) });
}

/** Fills the sign-in form the admin shows and sends it. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Headers for API calls through `page.request` as the page's signed-in user (the session cookie
 * travels with them; unsafe methods need the CSRF token).
 */
export async function csrfHeaders(page: Page, base: string): Promise<{ 'x-csrf-token': string }> {
  const answer = await page.request.get(`${base}/api/auth/csrf`);
  return { 'x-csrf-token': (await answer.json()).data.csrf_token as string };
}

/**
 * An API call as the page's signed-in user (its session cookie, the CSRF token for unsafe methods):
 * the status and the parsed body, null when there is none.
 */
export async function apiCall(
  page: Page,
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) {
  const headers = method === 'GET' ? {} : await csrfHeaders(page, base);
  const answer = await page.request.fetch(`${base}${path}`, { method, headers, data: body });
  return { status: answer.status(), body: await answer.json().catch(() => null) };
}

/** A block of a stored tree, as the API gives it. */
export interface StoredBlock {
  id: string;
  type: string;
  props: Record<string, unknown>;
  children?: StoredBlock[];
}

/** A tree as `type(child,child)`, the way the outline shows it: what tests compare. */
export const blockShape = (blocks: StoredBlock[]): string =>
  blocks.map((b) => (b.children?.length ? `${b.type}(${blockShape(b.children)})` : b.type)).join(',');

/**
 * axe-core's serious and critical findings on the page as it is now (its context bypasses the CSP),
 * or within `selector` only: an open dialog, whose dimmed page behind it would fail on contrast.
 */
export async function violations(page: Page, selector?: string): Promise<string[]> {
  // axe's source is half a megabyte to parse: once per document (the admin moves between screens
  // without reloading), not at every check (it took about 0.45 s of each check's 0.75 s).
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const found = await page.evaluate(async (within) => {
    const results = await (
      window as unknown as {
        axe: {
          run: (context?: unknown) => Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe.run(within ? { include: [within] } : undefined);
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, selector);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}
