import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AdminBrowser,
  apiCall,
  csrfHeaders,
  describeInBrowser,
  SCREENSHOTS,
  seedAdminUser,
  signIn,
  startAdminBrowser,
  violations,
} from '../../../test/admin-browser.js';

/**
 * The appearance screens in chromium against a real server: a menu built and nested from the
 * keyboard and put in the header, widgets added and reordered in the footer, a design token
 * changed, and a theme activated; each step checked through the API and on the public site.
 */
const ADMIN = 'ada@example.test';
const EDITOR = 'ed@example.test';
/** Signing in, then a screen's chunk and first calls: more than a poll's default second on a busy machine. */
const LOAD = { timeout: 15_000 };

interface Item {
  id: number;
  kind: string;
  label: string;
  url: string | null;
  entry_id: number | null;
  target: string;
  parent_id: number | null;
  children: Item[];
}
interface MenuView {
  id: number;
  name: string;
  location: string | null;
  items: Item[];
}

let admin: AdminBrowser;

beforeAll(async () => {
  admin = await startAdminBrowser();
  await seedAdminUser(admin, ADMIN, 'admin', 'Ada');
  await seedAdminUser(admin, EDITOR, 'editor', 'Ed');
}, 120_000);

afterAll(async () => {
  await admin?.close();
});

async function menus(page: Page): Promise<MenuView[]> {
  const answer = await page.request.get(`${admin.base}/api/menus`);
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as MenuView[];
}

async function footerWidgets(page: Page): Promise<string[]> {
  const answer = await page.request.get(`${admin.base}/api/widgets?zone=footer`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()).data as Array<{ position: number; block: { props: { text?: string } } }>)
    .sort((a, b) => a.position - b.position)
    .map((widget) => widget.block.props.text ?? '');
}

/** The public home page's HTML, as a visitor gets it. */
async function home(): Promise<string> {
  return (await fetch(`${admin.base}/`)).text();
}

/** Opens a row's actions menu from the keyboard and runs the item named `action`. */
async function rowAction(page: Page, row: string, action: string) {
  const button = page.getByRole('button', { name: `Actions: ${row}` });
  await button.focus();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe(`Actions: ${row}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('menu').count()).toBe(1);
  for (let tries = 0; tries < 10; tries++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (focused === action) break;
    await page.keyboard.press('ArrowDown');
  }
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(action);
  await page.keyboard.press('Enter');
}

/** A row's handle dragged with the mouse in small steps (dnd-kit starts after 4 px and follows moves). */
async function drag(page: Page, handle: string, dy: number) {
  const box = await page.locator(`[data-drag-handle="${handle}"]`).boundingBox();
  if (!box) throw new Error(`no handle for ${handle}`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 6, { steps: 3 });
  for (let step = 1; step <= 12; step++) await page.mouse.move(x, y + (dy * step) / 12, { steps: 2 });
  await page.mouse.up();
}

describeInBrowser('appearance in the administration app', () => {
  it('builds a menu: a custom link and a page, nested by keyboard, shown in the header', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/appearance`);
    await signIn(page, ADMIN);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Appearance', level: 1 }).count(), LOAD)
      .toBe(1);
    // /appearance opens its first screen; the navigation marks where we are.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/appearance/menus');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Appearance' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Menus',
      'Widgets',
      'Header and footer',
      'Patterns',
      'Themes',
      'Design tokens',
    ]);
    await expect.poll(() => page.getByText('The site has no menu yet.').count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    // A published page to link to, made through the API.
    const headers = await csrfHeaders(page, admin.base);
    const created = await page.request.post(`${admin.base}/api/pages`, {
      headers,
      data: { title: 'About the harbour' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const about = (await created.json()).data as { id: number };
    const published = await page.request.post(`${admin.base}/api/pages/${about.id}/publish`, {
      headers,
      data: {},
    });
    expect(published.status(), await published.text()).toBe(200);
    const aboutUrl = (await published.json()).data.url as string;

    await page.getByRole('button', { name: 'New menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'New menu' });
    await dialog.getByLabel(/^Name/).fill('Main');
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(async () => (await menus(page)).map((menu) => menu.name)).toEqual(['Main']);

    // A custom link: an address of a kind the server refuses, said under the field before sending.
    const add = page.getByRole('region', { name: 'Add a link' });
    await add.locator('label', { hasText: /^Address$/ }).click();
    await add.getByRole('textbox', { name: /^Address/ }).fill('javascript:alert(1)');
    await add.getByRole('textbox', { name: /^Label/ }).fill('Harbour');
    await add.getByRole('button', { name: 'Add to the menu' }).click();
    await expect
      .poll(() => add.getByRole('textbox', { name: /^Address/ }).getAttribute('aria-invalid'))
      .toBe('true');
    await add.getByRole('textbox', { name: /^Address/ }).fill('/harbour');
    await add.getByRole('button', { name: 'Add to the menu' }).click();
    await expect.poll(() => add.getByText('“Harbour” is added at the end of “Main”.').count()).toBe(1);

    // The page, found by its title.
    await add.locator('label', { hasText: /^Page or post$/ }).click();
    await add.getByRole('textbox', { name: /^Entry/ }).fill('About');
    await page.getByRole('option', { name: /About the harbour/ }).click();
    await add.getByRole('button', { name: 'Add to the menu' }).click();
    await expect
      .poll(async () => (await menus(page))[0]?.items.map((item) => [item.kind, item.label]))
      .toEqual([
        ['custom', 'Harbour'],
        ['entry', ''],
      ]);
    const tree = page.getByRole('list', { name: 'Links of “Main”' });
    await expect.poll(() => tree.locator('[data-menu-item="About the harbour"]').count()).toBe(1);

    // An item linking a post is named by asking the post's own type: no 404 from asking pages first.
    const post = await apiCall(page, admin.base, 'POST', '/api/posts', { title: 'Ferry news' });
    const menuId = (await menus(page))[0]?.id;
    const linked = await apiCall(page, admin.base, 'POST', `/api/menus/${menuId}/items`, {
      kind: 'entry',
      entry_id: post.body.data.id,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.reload();
    await expect.poll(() => tree.locator('[data-menu-item="Ferry news"]').count(), LOAD).toBe(1);
    expect(refused).toEqual([]);
    const withPost = (await menus(page))[0]?.items ?? [];
    const postItem = withPost.find((item) => item.entry_id === post.body.data.id);
    expect(
      (await apiCall(page, admin.base, 'DELETE', `/api/menus/${menuId}/items/${postItem?.id}`)).status,
    ).toBe(204);
    await page.reload();
    await expect.poll(() => tree.locator('[data-menu-item="About the harbour"]').count(), LOAD).toBe(1);

    // The keyboard: the page's menu, "Indent under Harbour", Enter.
    await rowAction(page, 'About the harbour', 'Indent under “Harbour”');
    await expect
      .poll(async () => {
        const [top] = (await menus(page))[0]?.items ?? [];
        return [top?.label, top?.children.map((child) => child.entry_id)];
      })
      .toEqual(['Harbour', [about.id]]);
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: '“About the harbour” is now under “Harbour”' }).count(),
      )
      .toBe(1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Actions: About the harbour');

    // Into the theme's main menu location.
    const settings = page.getByRole('region', { name: 'Name and location' });
    await settings.getByRole('combobox', { name: /^Theme location/ }).click();
    await page.getByRole('option', { name: 'Main menu' }).click();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await menus(page))[0]?.location).toBe('primary');
    await expect
      .poll(() => page.getByRole('region', { name: 'Theme locations' }).getByRole('row').allTextContents())
      .toEqual(['Main menuMain', 'Footer menuNo menu']);

    // The site's header shows both links, the page under Harbour.
    await expect.poll(home).toContain('href="/harbour"');
    const html = await home();
    expect(html).toContain('>Harbour<');
    expect(html).toContain(`href="${aboutUrl}"`);
    expect(html).toContain('>About the harbour<');

    // The link opens in a new tab: changed in its dialog.
    await rowAction(page, 'Harbour', 'Edit…');
    const edit = page.getByRole('dialog', { name: 'Edit the link “Harbour”' });
    await edit.getByLabel('Open in a new tab').check();
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-menus-edit.png') });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(async () => (await menus(page))[0]?.items[0]?.target).toBe('_blank');

    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-menus.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByRole('button', { name: 'New menu' }).isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-menus-390.png'), fullPage: true });
    await context.close();
  });

  it('adds widgets to the footer and reorders them from the keyboard', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/appearance/widgets`);
    await signIn(page, ADMIN);
    const footer = page.getByRole('region', { name: 'Footer', exact: true });
    await expect.poll(() => footer.getByText('No widget in this zone.').count(), LOAD).toBe(1);
    expect(await violations(page)).toEqual([]);

    for (const text of ['Opening hours', 'Find us']) {
      await footer.getByRole('button', { name: 'Add a widget to Footer' }).click();
      const dialog = page.getByRole('dialog', { name: 'New widget in Footer' });
      await dialog.getByRole('combobox', { name: /^Kind of widget/ }).click();
      await page.getByRole('option', { name: 'Heading', exact: true }).click();
      await dialog.getByRole('textbox', { name: /^Text/ }).fill(text);
      if (text === 'Find us') {
        expect(await violations(page, '[role="dialog"]')).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-widget-dialog.png') });
      }
      await dialog.getByRole('button', { name: 'Add the widget' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    }
    await expect.poll(() => footerWidgets(page)).toEqual(['Opening hours', 'Find us']);

    await rowAction(page, 'Heading: Find us', 'Move up');
    await expect.poll(() => footerWidgets(page)).toEqual(['Find us', 'Opening hours']);
    await expect
      .poll(() =>
        footer
          .locator('[data-widget]')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-widget'))),
      )
      .toEqual(['Heading: Find us', 'Heading: Opening hours']);
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: '“Heading: Find us” is now in place 1.' }).count(),
      )
      .toBe(1);
    // The site's footer follows.
    const order = async () => {
      const html = await home();
      return [html.indexOf('>Find us<'), html.indexOf('>Opening hours<')] as const;
    };
    await expect
      .poll(async () => {
        const [a, b] = await order();
        return a > 0 && a < b;
      })
      .toBe(true);

    // The mouse: Opening hours dragged up onto Find us' place comes first again.
    const first = await footer.locator('[data-widget="Heading: Find us"]').boundingBox();
    const second = await footer.locator('[data-widget="Heading: Opening hours"]').boundingBox();
    if (!first || !second) throw new Error('rows not shown');
    await drag(page, 'Heading: Opening hours', first.y - second.y);
    await expect.poll(() => footerWidgets(page)).toEqual(['Opening hours', 'Find us']);
    await expect
      .poll(() =>
        page.getByRole('status').filter({ hasText: '“Heading: Opening hours” is now in place 1.' }).count(),
      )
      .toBe(1);
    await expect
      .poll(async () => {
        const [a, b] = await order();
        return b > 0 && b < a;
      })
      .toBe(true);

    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-widgets.png'), fullPage: true });
    await context.close();
  });

  it('changes a design token colour, refused first, then on the site', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/appearance/design`);
    await signIn(page, ADMIN);
    const colours = page.getByRole('region', { name: 'Colours' });
    await expect
      .poll(() => colours.getByRole('textbox', { name: 'Primary', exact: true }).count(), LOAD)
      .toBe(1);

    await colours.getByRole('textbox', { name: 'Primary', exact: true }).fill('#0b5394');
    await colours.getByRole('textbox', { name: 'Text', exact: true }).fill('#1a1a1a');
    await colours.getByRole('textbox', { name: 'Background', exact: true }).fill('#fdfcf7');
    await colours.getByRole('textbox', { name: 'Accent', exact: true }).fill('#12zz34');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The accent breaks the server's #rrggbb: said beside it before sending; nothing saved.
    await expect
      .poll(() => colours.getByRole('textbox', { name: 'Accent', exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    const before = await (await page.request.get(`${admin.base}/api/settings/design`)).json();
    expect(before.data.colors).toMatchObject({ primary: null });
    await colours.getByRole('button', { name: 'Use the theme’s colour for Accent' }).click();
    // Text on background, measured as WCAG does.
    await expect
      .poll(() => colours.getByRole('row', { name: /^Text/ }).textContent())
      .toMatch(/^Text16[.,]94:1AAA$/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(
        async () => (await (await page.request.get(`${admin.base}/api/settings/design`)).json()).data.colors,
      )
      .toMatchObject({ primary: '#0b5394', text: '#1a1a1a', background: '#fdfcf7', accent: null });
    await expect.poll(() => page.getByText('The design tokens are saved.', { exact: false }).count()).toBe(1);
    // The site's pages declare it as a CSS custom property.
    await expect.poll(home).toContain('--tb-color-primary:#0b5394;');

    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-design.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-design-390.png'), fullPage: true });
    await context.close();
  });

  it('shows the active theme and activates another', async () => {
    // A second theme installed on the server, as `tessera theme:install` leaves it.
    const folder = join(admin.t.runtime.config.dataDir, 'themes', 'harbour');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'style.css'), 'body { font-family: serif; }\n');
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({
        name: 'tessera-theme-harbour',
        version: '1.2.0',
        type: 'module',
        tessera: {
          theme: 'harbour',
          title: 'Harbour',
          description: 'Salt-washed colours and a serif voice.',
          stylesheet: 'style.css',
          menu_locations: { primary: 'Main menu' },
          widget_zones: { footer: 'Footer', sidebar: 'Sidebar' },
        },
      }),
    );
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/appearance/themes`);
    await signIn(page, ADMIN);
    // The built-in theme by a title that names no vendor (white-label).
    const builtIn = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Default theme' }) });
    const harbour = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Harbour' }) });
    await expect.poll(() => builtIn.getByText('Active', { exact: true }).count(), LOAD).toBe(1);
    expect(await builtIn.getByRole('button', { name: /^Activate/ }).count()).toBe(0);
    expect(await harbour.getByText('harbour · version 1.2.0').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-themes.png'), fullPage: true });

    await harbour.getByRole('button', { name: 'Activate Harbour' }).click();
    const confirm = page.getByRole('dialog', { name: 'Switch the site to Harbour?' });
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Activate' }).click();
    await expect
      .poll(async () => {
        const themes = (await (await page.request.get(`${admin.base}/api/themes`)).json()).data;
        return themes
          .filter((theme: { active: boolean }) => theme.active)
          .map((theme: { name: string }) => theme.name);
      })
      .toEqual(['harbour']);
    await expect.poll(() => harbour.getByText('Active', { exact: true }).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'The site now uses Harbour.' }).count())
      .toBe(1);
    // Its widget zones are the widgets screen's.
    await page.getByRole('tab', { name: 'Widgets' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Sidebar' }).count()).toBe(1);

    // Back to the default theme, for whatever runs next.
    const headers = await csrfHeaders(page, admin.base);
    const back = await page.request.put(`${admin.base}/api/themes/active`, {
      headers,
      data: { name: 'default' },
    });
    expect(back.status()).toBe(200);
    await context.close();
  });

  it('gives an editor the menus and patterns only, without the theme’s locations', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/appearance`);
    await signIn(page, EDITOR);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Appearance', level: 1 }).count(), LOAD)
      .toBe(1);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/appearance/menus');
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Menus', 'Patterns']);
    await expect
      .poll(() => page.getByText('The theme’s locations are shown to those who manage themes.').count())
      .toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-editor.png'), fullPage: true });
    await context.close();
  });

  it("builds the global header from blocks, publishes it on every page, and brings the theme's back", async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/appearance/header-footer`);
    await signIn(page, ADMIN);
    await expect.poll(() => page.getByRole('tab', { name: 'Header and footer' }).count(), LOAD).toBe(1);
    await page.getByRole('button', { name: 'Add block' }).click();
    const palette = page.getByRole('dialog', { name: 'Add a block' });
    await palette.getByLabel('Search blocks').fill('para');
    await palette.getByRole('button', { name: 'Paragraph', exact: true }).click();
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Ferries every hour from the quay.');
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await expect.poll(() => page.getByText('The draft differs from what pages show.').count()).toBe(1);
    // A draft changes nothing on the site yet.
    expect(await home()).not.toContain('Ferries every hour');
    await page.getByRole('button', { name: 'Publish on every page' }).click();
    await expect.poll(async () => (await home()).includes('Ferries every hour from the quay.')).toBe(true);
    const sections = (await (await page.request.get(`${admin.base}/api/sections`)).json()).data as Array<{
      area: string;
      published: unknown[] | null;
    }>;
    expect(sections.find((each) => each.area === 'header')?.published).toHaveLength(1);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-header.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-header-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Back to the theme’s own' }).click();
    await expect.poll(async () => (await home()).includes('Ferries every hour')).toBe(false);
    await context.close();
  });

  it('makes a synced pattern of blocks, says what is missing first, renames and deletes it', async () => {
    const { context, page } = await admin.open();
    await page.goto(`${admin.base}/admin/appearance/patterns`);
    await signIn(page, ADMIN);
    await expect.poll(() => page.getByText('The site has no pattern yet.').count(), LOAD).toBe(1);
    await page.getByRole('button', { name: 'New pattern' }).first().click();
    // Said before any round trip: the server's own rules, mirrored.
    await page.getByRole('button', { name: 'Create the pattern' }).click();
    await expect.poll(() => page.getByText('A pattern needs a name.').count()).toBe(1);
    expect(await page.getByText('A pattern holds at least one block.').count()).toBe(1);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Opening hours');
    await page.getByRole('combobox', { name: /^Category/ }).fill('Hours!');
    await page.getByRole('combobox', { name: /^Category/ }).press('Escape');
    await expect.poll(() => page.getByText(/^Use lowercase letters, digits and hyphens/).count()).toBe(1);
    await page.getByRole('combobox', { name: /^Category/ }).fill('hours');
    await page.getByRole('combobox', { name: /^Category/ }).press('Escape');
    await page.getByRole('switch', { name: /^Synced/ }).check();
    await page.getByRole('button', { name: 'Add block' }).click();
    const palette = page.getByRole('dialog', { name: 'Add a block' });
    // A pattern cannot place a synced pattern: the palette leaves it out.
    await palette.getByLabel('Search blocks').fill('pattern');
    await expect.poll(() => palette.getByText(/^No block type matches/).count()).toBe(1);
    await palette.getByLabel('Search blocks').fill('para');
    await palette.getByRole('button', { name: 'Paragraph', exact: true }).click();
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Open every day, 9 to 5.');
    await page.getByRole('button', { name: 'Create the pattern' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Opening hours', level: 2 }).count()).toBe(1);
    const listed = async () =>
      (await (await page.request.get(`${admin.base}/api/patterns`)).json()).data as Array<{
        id: number;
        name: string;
        category: string;
        synced: boolean;
        version: number;
        blocks: Array<{ type: string; props: { text?: string } }>;
      }>;
    const [made] = await listed();
    expect(made).toMatchObject({ name: 'Opening hours', category: 'hours', synced: true });
    expect(made?.blocks.map((block) => block.type)).toEqual(['paragraph']);
    expect(new URL(page.url()).searchParams.get('pattern')).toBe(String(made?.id));
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-appearance-patterns.png'), fullPage: true });

    await page.getByRole('textbox', { name: /^Name/ }).fill('Hours');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    expect((await listed())[0]?.name).toBe('Hours');

    // Someone else saves the pattern meanwhile: a save from the older version is refused and
    // explained, with theirs to load.
    const theirs = await apiCall(page, admin.base, 'PUT', `/api/patterns/${made?.id}`, {
      version: 2,
      name: 'Shop hours',
    });
    expect(theirs.status).toBe(200);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Our hours');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const stale = page.getByRole('alert').filter({ hasText: 'Someone else saved this pattern' });
    await expect.poll(() => stale.count()).toBe(1);
    expect((await listed())[0]?.name).toBe('Shop hours');
    await stale.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Shop hours');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Hours');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    expect((await listed())[0]).toMatchObject({ name: 'Hours', version: 4 });

    await page.getByRole('button', { name: 'Delete this pattern' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the pattern “Hours”?' });
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('The site has no pattern yet.').count()).toBe(1);
    expect(await listed()).toEqual([]);
    await context.close();
  });
});
