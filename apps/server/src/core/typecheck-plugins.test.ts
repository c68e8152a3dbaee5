import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { typeCheck, typeCheckIt } from '../../test/fixtures/typecheck.js';

/** Every folder of plugins/ with its own tsconfig: a new official plugin is checked without a word here. */
function officialPlugins(): string[] {
  const root = fileURLToPath(new URL('../../../../plugins', import.meta.url));
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${root}/${entry.name}/tsconfig.json`))
    .map((entry) => `plugins/${entry.name}`)
    .sort();
}

// The official plugins, their sources and their tests (plugins/tsconfig.tests.json holds every
// plugin's tests in one pass over the server they run against): esbuild builds them unchecked.
typeCheckIt(
  'the official plugins type-check',
  async () => {
    for (const project of [...officialPlugins(), 'plugins/tsconfig.tests.json'])
      expect(await typeCheck(project), project).toBe('');
  },
  240_000,
);
