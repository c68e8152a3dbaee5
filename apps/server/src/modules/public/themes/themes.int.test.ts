import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, pointCliAt } from '../../../../test/cli-fixtures.js';
import { type ContentSite, seedContentSite } from '../../../../test/content-fixtures.js';
import { createTestApp, type TestContext } from '../../../../test/harness.js';
import { activityOf, signIn } from '../../../../test/identity-fixtures.js';
import { installTheme } from './admin.js';

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let work: string;

/** A theme package on disk: package.json, a stylesheet, and optionally layouts.js. */
function themePackage(
  name: string,
  files: { tessera?: Record<string, unknown>; layouts?: string; css?: string } = {},
) {
  const folder = join(work, `${name}-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name: `tessera-theme-${name}`,
      version: '1.2.0',
      type: 'module',
      tessera: {
        theme: name,
        title: 'Harbour',
        stylesheet: 'style.css',
        ...(files.layouts ? { layouts: 'layouts.js' } : {}),
        menu_locations: { primary: 'Top bar' },
        widget_zones: { sidebar: 'Sidebar' },
        design_tokens: { font_heading: 'serif', colors: { primary: '#0b6e4f' } },
        block_styles: { button: [{ name: 'ghost', label: 'Ghost' }] },
        ...files.tessera,
      },
    }),
  );
  writeFileSync(join(folder, 'style.css'), files.css ?? `body{background:#fdfcf8}/* ${name} */`);
  if (files.layouts) writeFileSync(join(folder, 'layouts.js'), files.layouts);
  return folder;
}

const HARBOUR_LAYOUTS = `
export default function layouts({ h, defaults }) {
  return {
    entry: (props) => h('article', { className: 'harbour-entry' }, h('h1', null, props.title), h('div', { dangerouslySetInnerHTML: { __html: props.html } })),
    types: { event: (props) => h('section', { className: 'harbour-event' }, 'Event: ', props.title) },
    notFound: (props) => h('div', { className: 'harbour-404' }, h('h1', null, 'Lost at sea'), h(defaults.notFound, props)),
  };
}
`;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GENERAL: '100000' });
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  work = mkdtempSync(join(tmpdir(), 'tessera-themes-'));
});

afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const visit = (site: ContentSite, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: site.host } });

async function publish(site: ContentSite, title: string) {
  const created = await site.call('editor', 'POST', '/api/posts', {
    title,
    fields: { content: '<p>Body text</p>' },
  });
  const published = await site.call('editor', 'POST', `/api/posts/${created.json().data.id}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  const post = published.json().data;
  const at = new Date(post.published_at);
  return `/${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${post.slug}`;
}

describe('themes', () => {
  it('are listed to those who manage themes, the default one active', async () => {
    const listed = await a.call('admin', 'GET', '/api/themes');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        name: 'default',
        active: true,
        menu_locations: { primary: 'Main menu', footer: 'Footer menu' },
        block_styles: expect.objectContaining({ button: [{ name: 'pill', label: 'Pill' }] }),
        error: null,
      }),
    ]);
    expect((await a.call('editor', 'GET', '/api/themes')).statusCode).toBe(403);
    expect((await a.call('anonymous', 'GET', '/api/themes')).statusCode).toBe(401);
  });

  it('install from a folder, and a site that chooses one renders with its layouts, stylesheet and tokens', async () => {
    const url = await publish(a, 'Spring tide');
    const before = await visit(a, url);
    expect(before.body).toContain('<article class="tb-entry">');

    const report = await installTheme(t.runtime, themePackage('harbour', { layouts: HARBOUR_LAYOUTS }));
    expect(report).toMatchObject({ name: 'harbour', version: '1.2.0', previousVersion: null });
    const listed = (await a.call('admin', 'GET', '/api/themes')).json().data;
    expect(listed.map((theme: { name: string }) => theme.name)).toEqual(['default', 'harbour']);
    expect(listed[1]).toMatchObject({
      title: 'Harbour',
      active: false,
      widget_zones: { sidebar: 'Sidebar' },
    });

    const chosen = await a.call('admin', 'PUT', '/api/themes/active', { name: 'harbour' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({ name: 'harbour', active: true });

    const after = await visit(a, url);
    expect(after.body).toContain(
      '<article class="harbour-entry"><h1>Spring tide</h1><div><p>Body text</p></div></article>',
    );
    const sheet = /<link rel="stylesheet" href="(\/theme\/harbour\.[0-9a-f]{12}\.css)"\/>/.exec(
      after.body,
    )?.[1];
    expect(sheet).toBeDefined();
    const css = await visit(a, sheet ?? '');
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('/* harbour */');
    // The theme's default tokens fill what the site left at Tessera's defaults.
    expect(after.body).toContain('--tb-color-primary:#0b6e4f;');
    expect(after.body).toContain("--tb-font-heading:Charter, 'Bitstream Charter'");
    // Layouts the theme leaves out are the default theme's; its 404 wraps the default one.
    const missing = await visit(a, '/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div class="harbour-404"><h1>Lost at sea</h1><div class="tb-notice">');
    // Another site keeps its own theme.
    expect((await visit(b, await publish(b, 'Neap tide'))).body).toContain('<article class="tb-entry">');

    expect((await a.call('admin', 'PUT', '/api/themes/active', { name: 'default' })).statusCode).toBe(200);
    expect((await visit(a, url)).body).toContain('<article class="tb-entry">');
    const switches = await activityOf(t.runtime, a.siteId, 'theme.activated');
    expect(switches.map((row) => [row.user_id, row.details])).toEqual([
      [a.users.admin.id, { theme: ['default', 'harbour'] }],
      [a.users.admin.id, { theme: ['harbour', 'default'] }],
    ]);
  });

  it('refuse a package that is not a whole theme, and leave what was installed', async () => {
    const noStylesheet = themePackage('broken-sheet', { tessera: { stylesheet: 'missing.css' } });
    await expect(installTheme(t.runtime, noStylesheet)).rejects.toMatchObject({
      fields: { 'tessera.stylesheet': ['No such file: missing.css.'] },
    });
    const throwing = themePackage('broken-layouts', {
      layouts: 'export default () => { throw new Error("oops"); };',
    });
    await expect(installTheme(t.runtime, throwing)).rejects.toMatchObject({
      fields: { layouts: ["The theme's layouts do not load: oops"] },
    });
    const unknownLayout = themePackage('odd-layouts', {
      layouts: 'export default () => ({ sidebar: () => null });',
    });
    await expect(installTheme(t.runtime, unknownLayout)).rejects.toMatchObject({
      fields: { layouts: [expect.stringContaining('"sidebar" is not a layout')] },
    });
    const badTokens = themePackage('bad-tokens', { tessera: { design_tokens: { radius: 'round' } } });
    await expect(installTheme(t.runtime, badTokens)).rejects.toMatchObject({
      fields: { 'tessera.design_tokens.radius': [expect.any(String)] },
    });
    await expect(installTheme(t.runtime, themePackage('default'))).rejects.toMatchObject({
      fields: { 'tessera.theme': ['The default theme is part of Tessera.'] },
    });
    const names = (await a.call('admin', 'GET', '/api/themes'))
      .json()
      .data.map((theme: { name: string }) => theme.name);
    expect(names).toEqual(['default', 'harbour']);
    expect((await a.call('admin', 'PUT', '/api/themes/active', { name: 'nowhere' })).statusCode).toBe(404);
    expect((await a.call('admin', 'PUT', '/api/themes/active', { name: '../etc' })).statusCode).toBe(422);
  });

  it('install from an npm pack archive and switch sites through the command line', async () => {
    const folder = themePackage('lagoon', { css: 'main{max-width:50rem}/* lagoon */' });
    const pack = join(work, 'pack');
    mkdirSync(join(pack, 'package'), { recursive: true });
    execFileSync('cp', ['-r', `${folder}/.`, join(pack, 'package')]);
    const archive = join(work, 'lagoon-1.2.0.tgz');
    execFileSync('tar', ['-czf', archive, '-C', pack, 'package']);
    const restore = pointCliAt(t.database.env);
    try {
      const installed = await cli('theme:install', archive);
      expect(installed.code, installed.err).toBe(0);
      expect(installed.out).toContain('Installed theme lagoon 1.2.0');
      const activated = await cli('theme:activate', 'lagoon', '--site', 'b.test');
      expect(activated.code, activated.err).toBe(0);
      const [byCli] = await activityOf(t.runtime, b.siteId, 'theme.activated');
      expect(byCli).toMatchObject({ user_id: null, subject_id: 'lagoon' });
      const listed = await cli('theme:list');
      expect(listed.out).toContain('lagoon 1.2.0');
      expect(listed.out).toMatch(/lagoon 1\.2\.0 {2}Harbour {2}used by: b\.test/);
      expect((await cli('theme:activate', 'nowhere', '--site', 'b.test')).code).not.toBe(0);
    } finally {
      restore();
    }
    // The server learns of the change as other processes would: its site cache is told, or polls.
    await t.runtime.caches.clearAll();
    const page = await visit(b, '/');
    expect(page.body).toMatch(/href="\/theme\/lagoon\.[0-9a-f]{12}\.css"/);
  });

  it('show the member-only notice in place of an entry a plugin reserves for members', async () => {
    const url = await publish(a, 'Members briefing');
    const open = await publish(a, 'Open letter');
    const remove = t.runtime.hooks.addFilter(
      'entry.access',
      (access, _context, entry) => (entry.title === 'Members briefing' ? 'members' : access),
      { owner: 'plugin:members-test' },
    );
    try {
      // No account pages on the site yet (registration off, no account): nowhere to sign in.
      const closed = await visit(a, url);
      expect(closed.statusCode).toBe(403);
      expect(closed.body).toContain('<p>This page is for members of the site.</p>');
      expect(closed.body).not.toContain('/account/sign-in');
      expect(
        (await a.call('admin', 'PUT', '/api/settings/accounts', { registration: true })).statusCode,
      ).toBe(200);
      const notice = await visit(a, url);
      expect(notice.statusCode).toBe(403);
      // Decided after looking for a signed-in site account: for this visitor alone.
      expect(notice.headers['cache-control']).toBe('private, no-store');
      expect(notice.body).toContain('<meta name="robots" content="noindex"/>');
      // The teaser is the entry's excerpt (here made from its first words), then how to read on.
      expect(notice.body).toContain(
        '<h1>Members briefing</h1><p class="tb-notice__teaser">Body text</p><p>This page is for members of the site. Sign in to read it.</p>',
      );
      expect(notice.body).toContain(`href="/account/sign-in?next=${encodeURIComponent(url)}"`);
      expect(notice.body).not.toContain('<p>Body text</p>');
      const { cookie } = await signIn(t.app, a.host, a.users.author.email);
      const member = await t.app.inject({ method: 'GET', url, headers: { host: a.host, cookie } });
      expect(member.statusCode).toBe(200);
      expect(member.body).toContain('Body text');
      expect(member.headers['cache-control']).toBe('private, no-cache');
      expect((await visit(a, open)).statusCode).toBe(200);
    } finally {
      remove();
      await a.call('admin', 'PUT', '/api/settings/accounts', { registration: false });
    }
  });
});
