import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentSite, seedContentSite } from '../../../test/content-fixtures.js';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { installPlugins, pluginFixtures } from '../../../test/plugin-fixtures.js';
import { activatePlugin, deactivatePlugin } from '../../core/plugins/plugin-admin.js';
import type { Site } from '../../core/sites/site.js';

const fixtures = pluginFixtures();
// A banner block with children, a block whose render throws, and a route that purges the pages
// showing its blocks; each render counts, to see what the page cache keeps.
const notes = fixtures.write(
  'notes',
  `import { definePlugin, html } from '@tessera/plugin';
   let renders = 0;
   export default definePlugin((plugin) => {
     const t = plugin.schema;
     plugin.blocks.define({
       type: 'notes.banner', label: 'Banner', category: 'content', icon: 'info', children: 'any',
       props: t.Object({
         text: t.String({ maxLength: 40, default: '' }),
         tone: t.Union([t.Literal('info'), t.Literal('warn')], { default: 'info' }),
       }),
       render(props, { canvas, locale }) {
         renders += 1;
         return html\`<aside class="notes-\${props.tone}" data-render="\${renders}" data-canvas="\${canvas}" lang="\${locale}"><p>\${props.text}</p><!--children--></aside>\`;
       },
     });
     plugin.blocks.define({
       type: 'notes.broken', label: 'Broken', category: 'content', icon: 'info',
       props: t.Object({}),
       render() { throw new Error('the notes server is down'); },
     });
     plugin.routes.post('/purge', { permission: 'public', summary: 'Purge' }, (ctx) => {
       plugin.blocks.purge(ctx);
       return { purged: true };
     });
   });`,
);
// A block type outside the plugin's area: the plugin fails to load.
const trespasser = fixtures.write(
  'trespasser',
  `export default (plugin) => {
     plugin.blocks.define({ type: 'heading', label: 'Mine', category: 'content', icon: 'info',
       props: plugin.schema.Object({}), render: () => '' });
   };`,
);

let t: TestContext;
let a: ContentSite;
let b: ContentSite;
let siteA: Site;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_GENERAL: '100000' },
    { beforeSetup: (runtime) => installPlugins(runtime, [notes, trespasser]) },
  );
  a = await seedContentSite(t.app, t.runtime, 'a.test');
  b = await seedContentSite(t.app, t.runtime, 'b.test');
  siteA = (await t.runtime.siteStore.findById(a.siteId)) as Site;
  await activatePlugin(t.runtime, 'notes', siteA);
});
afterAll(async () => {
  await t.close();
  fixtures.remove();
});

const visit = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: a.host } });

const banner = {
  id: 'banner1',
  type: 'notes.banner',
  props: { text: '<b>Low tide</b> at noon' },
  children: [{ id: 'inside1', type: 'heading', props: { text: 'Harbour news' } }],
};

describe(`blocks from plugins (${testEngine})`, () => {
  it('are offered by the builder where their plugin is active, after the core blocks', async () => {
    const types = (await a.call('editor', 'GET', '/api/builder/blocks')).json().data as Array<{
      type: string;
      plugin: string | null;
    }>;
    expect(types.at(-2)).toMatchObject({ type: 'notes.banner', plugin: 'notes' });
    expect(types.find((type) => type.type === 'heading')?.plugin).toBeNull();
    const onB = (await b.call('editor', 'GET', '/api/builder/blocks')).json().data as Array<{ type: string }>;
    expect(onB.some((type) => type.type.startsWith('notes.'))).toBe(false);
    const plugins = (await a.call('admin', 'GET', '/api/plugins')).json().data as Array<{
      name: string;
      state: string;
      error: string | null;
    }>;
    expect(plugins.find((plugin) => plugin.name === 'trespasser')).toMatchObject({ state: 'failed' });
    expect(plugins.find((plugin) => plugin.name === 'trespasser')?.error).toContain(
      'block type "heading" must be "trespasser.<name>"',
    );
  });

  it('are checked on save like the core blocks, and render their escaped HTML around their children', async () => {
    const bad = await a.call('editor', 'POST', '/api/pages', {
      title: 'Tides',
      blocks: [{ type: 'notes.banner', props: { text: 'x'.repeat(41), tone: 'loud' } }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['blocks[0].props.text', 'blocks[0].props.tone']);
    const created = await a.call('editor', 'POST', '/api/pages', {
      title: 'Tides',
      blocks: [banner, { id: 'broken1', type: 'notes.broken', props: {} }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json().data;
    expect(page.blocks[0].props).toMatchObject({ text: '<b>Low tide</b> at noon', tone: 'info' });
    await a.call('editor', 'POST', `/api/pages/${page.id}/publish`, {});

    const shown = await visit(`/${page.slug}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toMatch(
      /<div class="tb-plugin tb-plugin-notes" data-block-type="notes.banner"><aside class="notes-info" data-render="\d+" data-canvas="" lang="en"><p>&lt;b&gt;Low tide&lt;\/b&gt; at noon<\/p><h2[^>]*>Harbour news<\/h2><\/aside><\/div>/,
    );
    // The block that throws shows nothing (false places nothing in html``); the page stands.
    expect(shown.body).not.toContain('notes.broken');

    // Kept by the page cache until the plugin purges its pages.
    const renderOf = (body: string) => /data-render="(\d+)"/.exec(body)?.[1];
    const first = renderOf(shown.body);
    expect(renderOf((await visit(`/${page.slug}`)).body)).toBe(first);
    const purged = await t.app.inject({ method: 'POST', url: '/api/notes/purge', headers: { host: a.host } });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(renderOf((await visit(`/${page.slug}`)).body)).not.toBe(first);
  });

  it('render on the canvas from the server, costing a request each', async () => {
    const page = (await a.call('editor', 'POST', '/api/pages', { title: 'Draft', blocks: [] })).json().data;
    const canvas = await a.call('editor', 'POST', '/api/builder/canvas', {
      entry_id: page.id,
      blocks: [{ ...banner, props: { text: 'Unsaved', tone: 'warn' } }],
    });
    expect(canvas.statusCode, canvas.body).toBe(200);
    expect(canvas.json().data.plugin_blocks.banner1).toContain('<aside class="notes-warn" data-render=');
    expect(canvas.json().data.plugin_blocks.banner1).toContain('data-canvas="true"');
  });

  it('keep their data, render nothing and are not offered while their plugin is off', async () => {
    const created = (await a.call('editor', 'POST', '/api/pages', { title: 'Quay', blocks: [banner] })).json()
      .data;
    await a.call('editor', 'POST', `/api/pages/${created.id}/publish`, {});
    await deactivatePlugin(t.runtime, 'notes', siteA);
    try {
      const shown = await visit(`/${created.slug}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).not.toContain('notes-info');
      // Saved again as it is, the block keeps its props; no new block of it can be checked in.
      const saved = await a.call('editor', 'PUT', `/api/pages/${created.id}`, {
        version: created.version,
        title: 'Quay side',
        blocks: created.blocks,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.blocks[0]).toMatchObject({ type: 'notes.banner', props: banner.props });
    } finally {
      await activatePlugin(t.runtime, 'notes', siteA);
    }
    expect((await visit(`/${created.slug}`)).body).toContain('notes-info');
  });
});
