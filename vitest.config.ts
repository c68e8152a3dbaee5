import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'plugins/*/{src,test}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    // A worker keeps its modules from one test file to the next instead of importing the server's
    // whole module graph again for each of ~190 files: that import was a third of the run (a leg went
    // from 5.5 to 2.7 min). Each file still builds its own app and database; tests that change
    // process-wide state (process.env, say) put it back in a finally.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: a browser screen loading its chunks on a busy
    // machine takes longer (CI's browser leg, two Chromiums and their servers on two cores, once
    // missed 5 s on a step that takes 0.3 s alone), and a poll that can only fail slowly costs
    // nothing when it passes.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: more workers than that only thrash; PostgreSQL test files each get their own database.
    maxWorkers: 2,
  },
});
