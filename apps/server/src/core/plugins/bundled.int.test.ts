import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { installPlugins, pluginFixtures } from '../../../test/plugin-fixtures.js';
import { recordBundledPlugins } from './bundled.js';
import { pluginsOf } from './plugin-host.js';
import { PluginRepo } from './plugin-repo.js';

const shipped = pluginFixtures('tessera-bundled-');
const seo = shipped.write('seo-lite', 'export default () => {};');
shipped.write('broken-manifest', 'export default () => {};', { type: 'commonjs' });
// Installed by hand before: the bundled folder of the same name does not replace it.
const elsewhere = pluginFixtures('tessera-by-hand-');
const byHand = elsewhere.write('forms-lite', 'export default () => {};', { version: '9.0.0' });
shipped.write('forms-lite', 'export default () => {};');
const bundledFolder = join(seo, '..');

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({}, { beforeSetup: (runtime) => installPlugins(runtime, [byHand]) });
});
afterAll(async () => {
  await t.close();
  shipped.remove();
  elsewhere.remove();
});

describe(`plugins shipped with Tessera (${testEngine})`, () => {
  it('are installed where they are, inactive, and follow their folder on an upgrade', async () => {
    const repo = new PluginRepo(t.runtime.data.global);
    expect(await recordBundledPlugins(t.runtime, bundledFolder)).toEqual(['seo-lite']);
    expect(await repo.find('seo-lite')).toMatchObject({ version: '0.1.0', folder: seo });
    expect(await repo.find('broken-manifest')).toBeNull();
    expect(await repo.find('forms-lite')).toMatchObject({ version: '9.0.0' });
    expect((await repo.activeSites()).get('seo-lite')).toBeUndefined();
    // Again at the next start: nothing to do; a new version shipped is recorded.
    expect(await recordBundledPlugins(t.runtime, bundledFolder)).toEqual([]);
    writeFileSync(
      join(seo, 'package.json'),
      JSON.stringify({
        name: 'fixture-seo-lite',
        version: '0.2.0',
        type: 'module',
        tessera: { plugin: 'seo-lite', entry: 'index.js' },
      }),
    );
    expect(await recordBundledPlugins(t.runtime, bundledFolder)).toEqual(['seo-lite']);
    expect(await repo.find('seo-lite')).toMatchObject({ version: '0.2.0' });
    expect(pluginsOf(t.runtime).isActive('seo-lite', 1)).toBe(false);
  });
});
