import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/core/config.js';
import { createRuntime, type Runtime } from '../src/core/runtime.js';
import { migrate, prepareRuntime } from '../src/lifecycle.js';

/** The engine this test run targets: `npm test` runs the integration files once per engine. */
export const testEngine: 'sqlite' | 'postgres' =
  process.env.TESSERA_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** SECRET_KEY is required with DATABASE_URL; every PostgreSQL test runtime and child shares this one. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 0x5e).toString('base64');

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** Environment entries that point a runtime (or a child process) at this database. */
  env: Record<string, string>;
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a temporary SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
  if (testEngine === 'sqlite') {
    // DATABASE_URL is blanked so a child process started with `{ ...process.env, ...env }` stays on
    // SQLite even when the surrounding run has DATABASE_URL set for the PostgreSQL leg.
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `tessera_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SECRET_KEY: TEST_SECRET_KEY },
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestContext {
  runtime: Runtime;
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * A migrated runtime and app on a fresh database. `env` takes configuration variables exactly as an
 * operator would set them, so tests go through the real configuration loader.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    routes?: (app: FastifyInstance) => void | Promise<void>;
    /** Runs on the migrated database before the modules' setup: to install plugins, say. */
    beforeSetup?: (runtime: Runtime) => Promise<void>;
    /** Another app's database: a second instance of the same installation (left for its owner to drop). */
    database?: TestDatabase;
  } = {},
): Promise<TestContext> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...database.env,
    ...env,
  });
  const runtime = createRuntime(config);
  if (options.beforeSetup) {
    await migrate(runtime);
    await options.beforeSetup(runtime);
  }
  await prepareRuntime(runtime);
  const app = await buildApp(runtime);
  if (options.routes) await app.register(async (scope) => options.routes?.(scope));
  await app.ready();
  return {
    runtime,
    app,
    database,
    config,
    async close() {
      await app.close();
      await runtime.close();
      if (!shared) await database.drop();
    },
  };
}

/** Adds a site answering on `domain`, for tests that need one before the sites API exists in them. */
export async function seedSite(
  runtime: Runtime,
  domain = 'example.test',
  aliases: string[] = [],
): Promise<number> {
  return runtime.siteStore.insert({
    handle: domain.split('.')[0] ?? 'site',
    name: `Site ${domain}`,
    primaryDomain: domain,
    aliases,
    defaultLocale: 'en',
    locales: ['en'],
    theme: 'default',
    settings: {},
    at: new Date().toISOString(),
  });
}
