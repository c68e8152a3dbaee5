import { expect } from 'vitest';
import { typeCheck, typeCheckIt } from '../../test/fixtures/typecheck.js';

// The official plugins, their sources and their tests (plugins/tsconfig.tests.json holds every
// plugin's tests in one pass over the server they run against): esbuild builds them unchecked.
typeCheckIt(
  'the official plugins type-check',
  async () => {
    for (const project of ['plugins/seo', 'plugins/forms', 'plugins/tsconfig.tests.json'])
      expect(await typeCheck(project), project).toBe('');
  },
  240_000,
);
