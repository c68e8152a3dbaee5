// Seeds the bench database with the one site the scenarios address (Host: bench.test). Run with
// `node --import tsx bench/seed.ts` and the same environment as the server.
import { loadConfig, readEnvironment } from '../apps/server/src/core/config.js';
import { createRuntime } from '../apps/server/src/core/runtime.js';

const host = process.env.BENCH_HOST ?? 'bench.test';
const runtime = createRuntime(loadConfig(readEnvironment(process.env, process.cwd())));
try {
  if (!(await runtime.siteStore.domainTaken(host))) {
    await runtime.siteStore.insert({
      handle: 'bench',
      name: 'Bench',
      primaryDomain: host,
      aliases: [],
      defaultLocale: 'en',
      locales: ['en'],
      theme: 'default',
      settings: {},
      at: new Date().toISOString(),
    });
  }
} finally {
  await runtime.close();
}
