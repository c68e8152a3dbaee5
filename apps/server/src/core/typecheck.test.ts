import { expect } from 'vitest';
import { typeCheck, typeCheckIt } from '../../test/fixtures/typecheck.js';

// Strict TypeScript over the server, tests and type tests included (site-scoping.test-d.ts
// proves unscoped site queries do not compile; plugins/contract.test-d.ts that the core keeps the
// plugin package's promises).
typeCheckIt(
  'the server type-checks',
  async () => {
    expect(await typeCheck('apps/server')).toBe('');
  },
  120_000,
);

// The plugin package's surface is pinned by its type tests, and the example plugin, plain
// JavaScript, is checked against it as a third party's editor would.
typeCheckIt(
  'the plugin package and the example plugin type-check',
  async () => {
    expect(await typeCheck('packages/plugin')).toBe('');
    expect(await typeCheck('examples/plugin-guestbook')).toBe('');
  },
  120_000,
);
