import type { AdminApi, AdminContext, AdminMessages } from '@tessera/plugin/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ExtensionHost, type ImportedModule, registerModules, SETUP_TIMEOUT_MS } from './registry.js';
import { screenAt } from './screens.js';

const Component = () => null;

function fakeHost() {
  const translations: Array<[string, Readonly<Record<string, AdminMessages>>]> = [];
  const apis: string[] = [];
  const host: ExtensionHost = {
    api: (plugin) => {
      apis.push(plugin);
      return {} as AdminApi;
    },
    core: {} as AdminApi,
    addTranslations: (namespace, resources) => void translations.push([namespace, resources]),
    useTranslation: () => ({ t: (key) => key, language: 'en' }),
    useCan: () => () => true,
    components: { MediaField: () => null },
  };
  return { host, translations, apis };
}

const module = (plugin: string, setup: unknown): ImportedModule => ({
  plugin,
  version: '1.0.0',
  module: { default: setup },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('registering admin modules', () => {
  it("gathers each module's screens, panels, widgets and words, owned by its plugin", async () => {
    const { host, translations, apis } = fakeHost();
    const contexts: AdminContext[] = [];
    const extensions = await registerModules(
      [
        module('guestbook', (admin: AdminContext) => {
          contexts.push(admin);
          admin.translations({ en: { title: 'Moderation' }, fr: { title: 'Modération' } });
          admin.screen({
            path: 'moderation',
            title: 'title',
            permission: 'guestbook.moderate',
            component: Component,
          });
          admin.screen({
            path: 'entries/hidden',
            title: 'Hidden',
            permission: 'guestbook.moderate',
            nav: false,
            component: Component,
          });
          admin.editorPanel({ types: ['post'], title: 'Mood', component: Component });
          admin.dashboardWidget({ title: 'Entries', component: Component });
        }),
        module('seo-tools', async (admin: AdminContext) => {
          await Promise.resolve();
          admin.screen({
            path: 'report',
            title: 'Report',
            permission: 'seo_tools.view',
            nav: { group: 'site' },
            component: Component,
          });
          admin.editorPanel({ types: '*', title: 'SEO', component: Component });
          admin.listColumn({
            types: ['post'],
            title: 'SEO score',
            permission: 'seo_tools.view',
            cell: Component,
          });
          admin.listFilter({
            types: ['post'],
            filter: 'seo_tools.rating',
            title: 'Rating',
            options: [{ value: 'good', label: 'Good' }],
          });
        }),
      ],
      host,
    );
    expect(extensions.failures).toEqual([]);
    expect(
      extensions.screens.map(({ plugin, path, nav, namespace }) => ({ plugin, path, nav, namespace })),
    ).toEqual([
      { plugin: 'guestbook', path: 'moderation', nav: { group: 'plugins' }, namespace: 'plugin-guestbook' },
      { plugin: 'guestbook', path: 'entries/hidden', nav: null, namespace: 'plugin-guestbook' },
      { plugin: 'seo-tools', path: 'report', nav: { group: 'site' }, namespace: 'plugin-seo-tools' },
    ]);
    expect(extensions.panels.map(({ key, types }) => ({ key, types }))).toEqual([
      { key: 'guestbook:0', types: ['post'] },
      { key: 'seo-tools:0', types: '*' },
    ]);
    expect(extensions.widgets.map(({ key, title }) => ({ key, title }))).toEqual([
      { key: 'guestbook:0', title: 'Entries' },
    ]);
    expect(extensions.columns.map(({ key, types, permission }) => ({ key, types, permission }))).toEqual([
      { key: 'seo-tools:0', types: ['post'], permission: 'seo_tools.view' },
    ]);
    expect(extensions.filters.map(({ plugin, filter, types }) => ({ plugin, filter, types }))).toEqual([
      { plugin: 'seo-tools', filter: 'seo_tools.rating', types: ['post'] },
    ]);
    expect(translations).toEqual([
      ['plugin-guestbook', { en: { title: 'Moderation' }, fr: { title: 'Modération' } }],
    ]);
    // Each module gets a client of its own routes, and a context it cannot change.
    expect(apis).toEqual(['guestbook', 'seo-tools']);
    expect(Object.isFrozen(contexts[0])).toBe(true);
    expect(contexts[0]).toMatchObject({
      plugin: 'guestbook',
      version: '1.0.0',
      namespace: 'plugin-guestbook',
    });
  });

  it('keeps nothing of a module that fails, and says why, naming its plugin; the others still count', async () => {
    const { host, translations } = fakeHost();
    const extensions = await registerModules(
      [
        module('broken', (admin: AdminContext) => {
          admin.translations({ en: { a: 'A' } });
          admin.screen({ path: 'half', title: 'Half', permission: 'broken.use', component: Component });
          throw new Error('cannot reach its licence server');
        }),
        {
          plugin: 'missing',
          version: '1.0.0',
          module: { failed: 'Failed to fetch dynamically imported module' },
        },
        module('no-default', undefined),
        module('fine', (admin: AdminContext) => {
          admin.dashboardWidget({ title: 'Fine', component: Component });
        }),
      ],
      host,
    );
    expect(extensions.failures).toEqual([
      { plugin: 'broken', reason: 'cannot reach its licence server' },
      { plugin: 'missing', reason: 'Failed to fetch dynamically imported module' },
      {
        plugin: 'no-default',
        reason: 'its module has no default export: export default defineAdmin((admin) => { ... })',
      },
    ]);
    expect(extensions.screens).toEqual([]);
    expect(extensions.widgets.map((widget) => widget.plugin)).toEqual(['fine']);
    expect(translations).toEqual([]);
  });

  it('refuses what it could not show: bad paths, twice the same path, no permission, no component, unknown groups', async () => {
    const { host } = fakeHost();
    const cases: Array<[(admin: AdminContext) => void, RegExp]> = [
      [
        (admin) => admin.screen({ path: '/moderation', title: 'M', permission: 'p', component: Component }),
        /screen path/,
      ],
      [
        (admin) => admin.screen({ path: 'Mod eration', title: 'M', permission: 'p', component: Component }),
        /screen path/,
      ],
      [
        (admin) => {
          admin.screen({ path: 'a', title: 'A', permission: 'p', component: Component });
          admin.screen({ path: 'a', title: 'B', permission: 'p', component: Component });
        },
        /declared twice/,
      ],
      [
        (admin) => admin.screen({ path: 'a', title: 'A', permission: '', component: Component }),
        /permission/,
      ],
      [
        (admin) => admin.screen({ path: 'a', title: 'A', permission: 'p', component: 'div' as never }),
        /component/,
      ],
      [
        (admin) =>
          admin.screen({
            path: 'a',
            title: 'A',
            permission: 'p',
            nav: { group: 'tools' as never },
            component: Component,
          }),
        /nav group "tools"/,
      ],
      [(admin) => admin.editorPanel({ types: 'post' as never, title: 'P', component: Component }), /types/],
      [(admin) => admin.dashboardWidget({ title: ' ', component: Component }), /title/],
      [(admin) => admin.listColumn({ types: '*', title: 'Score', cell: 'td' as never }), /column Score/],
      [(admin) => admin.listColumn({ types: 'post' as never, title: 'Score', cell: Component }), /types/],
      [
        (admin) =>
          admin.listFilter({
            types: '*',
            filter: 'rating',
            title: 'R',
            options: [{ value: 'a', label: 'A' }],
          }),
        /<area>\.<name>/,
      ],
      [(admin) => admin.listFilter({ types: '*', filter: 'p.rating', title: 'R', options: [] }), /options/],
      [(admin) => admin.translations({ en: 'Hello' as never }), /translations/],
    ];
    for (const [setup, reason] of cases) {
      const extensions = await registerModules([module('p', setup)], host);
      expect(extensions.failures[0]?.reason, String(reason)).toMatch(reason);
      expect(
        extensions.screens.length +
          extensions.panels.length +
          extensions.widgets.length +
          extensions.columns.length +
          extensions.filters.length,
      ).toBe(0);
    }
  });

  it('gives up on a setup that never settles, so the admin does not wait for it', async () => {
    vi.useFakeTimers();
    const { host } = fakeHost();
    const pending = registerModules([module('stuck', () => new Promise(() => undefined))], host);
    await vi.advanceTimersByTimeAsync(SETUP_TIMEOUT_MS);
    expect((await pending).failures).toEqual([
      { plugin: 'stuck', reason: `its setup did not finish within ${SETUP_TIMEOUT_MS / 1000} seconds` },
    ]);
  });
});

describe('finding a plugin screen by its address', () => {
  const screens = [
    {
      plugin: 'shop',
      namespace: 'plugin-shop',
      path: 'orders',
      title: 'Orders',
      permission: 'shop.orders',
      nav: null,
      component: Component,
    },
    {
      plugin: 'shop',
      namespace: 'plugin-shop',
      path: 'orders/open',
      title: 'Open',
      permission: 'shop.orders',
      nav: null,
      component: Component,
    },
    {
      plugin: 'blog',
      namespace: 'plugin-blog',
      path: 'orders',
      title: 'Other',
      permission: 'blog.x',
      nav: null,
      component: Component,
    },
  ];

  it('takes the longest path that starts the address, within the plugin named, with what is left', () => {
    expect(screenAt(screens, 'shop', 'orders')).toMatchObject({ screen: { title: 'Orders' }, subpath: '' });
    expect(screenAt(screens, 'shop', 'orders/12/')).toMatchObject({
      screen: { title: 'Orders' },
      subpath: '12',
    });
    expect(screenAt(screens, 'shop', 'orders/open')).toMatchObject({
      screen: { title: 'Open' },
      subpath: '',
    });
    expect(screenAt(screens, 'blog', 'orders')).toMatchObject({ screen: { title: 'Other' } });
    expect(screenAt(screens, 'shop', 'order')).toBeNull();
    expect(screenAt(screens, 'shop', 'ordersx')).toBeNull();
    expect(screenAt(screens, 'nobody', 'orders')).toBeNull();
  });
});
