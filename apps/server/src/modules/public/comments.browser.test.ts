import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import axe from 'axe-core';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { CommentsRepo } from '../comments/repo.js';

/**
 * Comments under a post of the default theme, in a real browser (Debian's chromium) with scripts
 * off: the thread as a reader sees it, the form posted as a browser posts it, the faults next to
 * their fields, a held comment shown to its author alone, the thread's pages, the counts on the
 * home page, and no serious or critical axe violation. Screenshots go to SCREENS (default
 * /work/screens).
 */
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
const run = present || process.env.CI ? describe : describe.skip;
const SCREENS = process.env.SCREENS ?? '/work/screens';

let t: TestContext;
let site: ContentSite;
let base: string;
let browser: Browser;
let post: { id: number; url: string };
let long: { id: number; url: string };
let first: number;

async function publish(title: string, content: string) {
  const created = await site.call('editor', 'POST', '/api/posts', { title, fields: { content } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const published = await site.call('editor', 'POST', `/api/posts/${id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  return { id, url: published.json().data.url as string };
}

const repo = () => new CommentsRepo(t.runtime.data.site(site.siteId));

async function seed(entryId: number, name: string, body: string, url: string | null = null) {
  const at = new Date(Date.now() - 86_400_000).toISOString();
  return repo().insert({
    entry_id: entryId,
    parent_id: null,
    depth: 1,
    author_name: name,
    author_email: `${name.toLowerCase()}@example.test`,
    author_url: url,
    user_id: null,
    ip: null,
    user_agent: null,
    body,
    status: 'approved',
    created_at: at,
    updated_at: at,
  });
}

/** Serious and critical axe findings on the page, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const found = (await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  )) as axe.AxeResults;
  return found.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_COMMENTS: '100000' });
  site = await seedContentSite(t.app, t.runtime, 'localhost');
  await site.call('admin', 'PUT', '/api/settings/general', { title: 'Harbour Café' });
  const rules = await site.call('admin', 'PUT', '/api/settings/discussion', {
    min_seconds: 0,
    blocked_words: ['casino'],
  });
  expect(rules.statusCode, rules.body).toBe(200);
  post = await publish(
    'The harbour in winter',
    '<p>The fishing boats came back early this week, and the market opened at dawn.</p>',
  );
  first = await seed(
    post.id,
    'Grace',
    'The bread from the bakery was still warm at eight. Worth the early walk!',
    'https://grace.example',
  );
  // The site team answers from the admin: approved at once, marked as theirs.
  const reply = await site.call('admin', 'POST', `/api/comments/${first}/reply`, {
    body: 'Thank you, Grace! The baker opens at seven on Saturdays.',
  });
  expect(reply.statusCode, reply.body).toBe(201);
  await seed(post.id, 'Linus', 'Is the market on when it rains?\n\nAsking for a friend.');
  long = await publish('A long discussion', '<p>Everyone had something to say.</p>');
  for (let i = 1; i <= 52; i++) await seed(long.id, `Reader${i}`, `Comment number ${i}.`);

  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://localhost:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  mkdirSync(SCREENS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

run('comments under a post, in a browser without scripts', () => {
  it('shows the thread threaded, with authors, dates and the team’s reply marked, loading no script', async () => {
    // Scripts on here only for axe: the page itself brings none.
    const context = await browser.newContext({
      viewport: { width: 1100, height: 900 },
    });
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      expect((await page.goto(`${base}${post.url}`))?.status()).toBe(200);
      expect(scripts).toEqual([]);
      const thread = page.locator('#comments');
      expect(await thread.getByRole('heading', { level: 2, name: '3 comments' }).isVisible()).toBe(true);
      const grace = page.getByRole('article', { name: 'Grace' });
      expect(await grace.getByRole('link', { name: 'Grace', exact: true }).getAttribute('href')).toBe(
        'https://grace.example',
      );
      expect(await grace.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
      // The reply sits under Grace's comment, further in, marked as the site team's.
      const reply = page.locator(`#comment-${first} .tb-comment--team`);
      expect(await reply.getByText('Site team').isVisible()).toBe(true);
      const [parentBox, replyBox] = [await grace.boundingBox(), await reply.boundingBox()];
      expect(replyBox?.x).toBeGreaterThan((parentBox?.x ?? 0) + 10);
      // Paragraphs of a comment stay paragraphs.
      expect(await page.getByText('Asking for a friend.').evaluate((el) => el.tagName)).toBe('P');
      expect(await seriousViolations(page)).toEqual([]);
      await thread.screenshot({ path: `${SCREENS}/comments-thread-and-form.png` });
      await page.screenshot({ path: `${SCREENS}/comments-post-page.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('posts a comment; refused, the faults sit next to their fields; held, only its author sees it', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1100, height: 900 },
    });
    const stranger = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${base}${post.url}`);
      const form = page.locator('#respond');
      await form.getByLabel(/^Comment/).fill('Best casino deals in town');
      await form.getByLabel(/^Name/).fill('Ada');
      await form.getByLabel(/^Email/).fill('ada@example.test');
      await form.getByLabel(/^Website/).fill('https://ada.example');
      await form.getByRole('button', { name: 'Post comment' }).click();
      await page.waitForLoadState();
      // Refused by the blocklist: the page again, the fault tied to its field, what was typed kept.
      const comment = page.locator('#respond').getByLabel(/^Comment/);
      expect(await comment.getAttribute('aria-invalid')).toBe('true');
      const described = (await comment.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`#${described}`).textContent()).toBe(
        'This site does not accept this comment.',
      );
      expect(await page.getByRole('alert').isVisible()).toBe(true);
      expect(await page.locator('#respond').getByLabel(/^Name/).inputValue()).toBe('Ada');
      await page.locator('#respond').screenshot({ path: `${SCREENS}/comments-form-errors.png` });

      await comment.fill('Lovely photos of the boats. See you at the market!');
      const [answer] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).searchParams.has('comment')),
        page.locator('#respond').getByRole('button', { name: 'Post comment' }).click(),
      ]);
      expect(answer.headers()['cache-control']).toBe('private, no-store');
      await page.waitForLoadState();
      const mine = page.locator('.tb-comment--pending');
      expect(await mine.getByText('Your comment is awaiting moderation.').isVisible()).toBe(true);
      expect(await mine.getByText('Lovely photos of the boats.').isVisible()).toBe(true);
      expect((await context.cookies()).length).toBe(0);
      await mine.screenshot({ path: `${SCREENS}/comments-awaiting-moderation.png` });

      // Anyone else gets the shared page, without it.
      const other = await stranger.newPage();
      await other.goto(`${base}${post.url}`);
      expect(await other.getByText('Lovely photos of the boats.').count()).toBe(0);
    } finally {
      await context.close();
      await stranger.close();
    }
  });

  it('keeps the form accessible when it comes back with faults (axe)', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${base}${post.url}`);
      const form = page.locator('#respond');
      await form.getByLabel(/^Comment/).fill('casino');
      await form.getByLabel(/^Name/).fill('Bob');
      await form.getByLabel(/^Email/).fill('bob@example.test');
      await form.getByRole('button', { name: 'Post comment' }).click();
      await page.waitForLoadState();
      expect(await page.getByRole('alert').isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('replies to a comment from its Reply link', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${base}${post.url}`);
      await page.getByRole('link', { name: 'Reply to Linus' }).click();
      const form = page.locator('#respond');
      expect(await form.getByRole('heading', { name: /Reply to Linus/ }).isVisible()).toBe(true);
      await form.getByLabel(/^Comment/).fill('It is, under the arches.');
      await form.getByLabel(/^Name/).fill('Margaret');
      await form.getByLabel(/^Email/).fill('margaret@example.test');
      await form.getByRole('button', { name: 'Post comment' }).click();
      await page.waitForLoadState();
      // Held (a first comment from this address), shown to her under Linus's comment.
      const linus = page.locator('li.tb-comment', { has: page.getByRole('article', { name: 'Linus' }) });
      expect(
        await linus.locator('.tb-comment--pending').getByText('It is, under the arches.').isVisible(),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('pages a long thread, and counts comments on the home page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await page.getByRole('link', { name: '52 comments' }).click();
      expect(new URL(page.url()).pathname).toBe(long.url);
      expect(await page.getByText('Comment number 50.').isVisible()).toBe(true);
      expect(await page.getByText('Comment number 51.').count()).toBe(0);
      const pages = page.getByRole('navigation', { name: 'Comment pages' });
      expect(await pages.getByText('Page 1 of 2').isVisible()).toBe(true);
      // Centred between the links, even with one side empty.
      const [nav, label] = await Promise.all([
        pages.boundingBox(),
        pages.getByText('Page 1 of 2').boundingBox(),
      ]);
      if (!nav || !label) throw new Error('the comment pages are not laid out');
      expect(Math.abs(label.x + label.width / 2 - (nav.x + nav.width / 2))).toBeLessThan(2);
      await pages.getByRole('link', { name: /Newer comments/ }).click();
      expect(new URL(page.url()).search).toBe('?comments_page=2');
      expect(await page.getByText('Comment number 52.').isVisible()).toBe(true);
      expect(await page.getByText('Comment number 50.').count()).toBe(0);

      // Newest first, 20 a page (Settings, Discussion): the first page holds the latest twenty, and
      // the link leads to older ones, as WordPress words it.
      const newest = await site.call('admin', 'PUT', '/api/settings/discussion', {
        comments_per_page: 20,
        comment_order: 'newest',
      });
      expect(newest.statusCode, newest.body).toBe(200);
      await page.goto(`${base}${long.url}`);
      expect(await page.getByText('Comment number 52.').isVisible()).toBe(true);
      expect(await page.getByText('Comment number 33.').isVisible()).toBe(true);
      expect(await page.getByText('Comment number 32.').count()).toBe(0);
      expect(await pages.getByText('Page 1 of 3').isVisible()).toBe(true);
      expect(await pages.getByRole('link', { name: /Newer comments/ }).count()).toBe(0);
      await pages.getByRole('link', { name: /Older comments/ }).click();
      expect(new URL(page.url()).search).toBe('?comments_page=2');
      expect(await page.getByText('Comment number 32.').isVisible()).toBe(true);
      expect(await page.getByText('Comment number 13.').isVisible()).toBe(true);
      expect(await page.getByText('Comment number 33.').count()).toBe(0);
      await page.screenshot({ path: `${SCREENS}/comments-newest-page-2.png`, fullPage: true });
    } finally {
      await site.call('admin', 'PUT', '/api/settings/discussion', {
        comments_per_page: 50,
        comment_order: 'oldest',
      });
      await context.close();
    }
  });

  it('says comments are closed, and offers no form', async () => {
    const closed = await site.call('admin', 'PUT', `/api/discussions/${post.id}`, { open: false });
    expect(closed.statusCode, closed.body).toBe(200);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${base}${post.url}`);
      expect(await page.getByText('Comments are closed.').isVisible()).toBe(true);
      expect(await page.locator('#respond').count()).toBe(0);
      expect(await page.getByRole('link', { name: /^Reply to/ }).count()).toBe(0);
      // The thread stays.
      expect(await page.getByRole('article', { name: 'Grace' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
