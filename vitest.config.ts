import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: a browser screen loading its chunks on a busy
    // machine takes longer, and a poll that can only fail slowly costs nothing when it passes.
    expect: { poll: { timeout: 5_000 } },
    // Two cores: more workers than that only thrash; PostgreSQL test files each get their own database.
    maxWorkers: 2,
  },
});
