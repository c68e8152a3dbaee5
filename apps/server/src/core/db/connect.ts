import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import type pgModule from 'pg';
import { type Engine, postgresEngine, sqliteEngine } from './engine.js';
import type { Database } from './schema.js';
import { sqliteDriver } from './sqlite-driver.js';
import { withStatementCache } from './statement-cache.js';
import { routedToOpenTransaction } from './transaction-routing.js';

export interface DatabaseHandle {
  /** The whole database. Only core/db and the site-scoping layer use this directly. */
  readonly kysely: Kysely<Database>;
  readonly engine: Engine;
  /** The SQLite database's file (null in memory, and on PostgreSQL): a backup reads it on a connection of its own. */
  readonly sqlitePath: string | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** SQLite file name under dataDir, or ':memory:'. */
  sqliteFile?: string;
  poolSize?: number;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openSqlite(options);
}

function openSqlite(options: DatabaseOptions): DatabaseHandle {
  const file = options.sqliteFile ?? 'tessera.db';
  let path = file;
  if (file !== ':memory:') {
    mkdirSync(options.dataDir, { recursive: true });
    path = join(options.dataDir, file);
  }
  const Driver = sqliteDriver();
  const sqlite = new Driver(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // NORMAL is durable across application crashes in WAL mode; only a power loss can drop the last commits.
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({
    dialect: routedToOpenTransaction(
      immediateTransactions(new SqliteDialect({ database: withStatementCache(sqlite) })),
    ),
  });
  return {
    kysely,
    engine: sqliteEngine,
    sqlitePath: file === ':memory:' ? null : path,
    close: () => kysely.destroy(),
  };
}

// The PostgreSQL driver is loaded only when DATABASE_URL asks for it: an embedded SQLite
// installation does not pay its memory.
const require = createRequire(import.meta.url);

/**
 * SQLite transactions begin IMMEDIATE, taking the write lock at once (waiting up to busy_timeout
 * for it). A deferred transaction that reads, then writes after another process (`tessera worker`,
 * a clustered HTTP worker) committed in between fails at once with SQLITE_BUSY_SNAPSHOT, which no
 * busy timeout retries: in WAL mode its snapshot is stale. Within one process the connection is
 * already used by one transaction at a time, so nothing is serialized that was not before.
 */
function immediateTransactions(dialect: Dialect): Dialect {
  return {
    createDriver: () => new ImmediateTransactionDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

class ImmediateTransactionDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

function openPostgres(url: string, max: number): DatabaseHandle {
  const pg = require('pg') as typeof pgModule;
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: routedToOpenTransaction(new PostgresDialect({ pool })) });
  return { kysely, engine: postgresEngine, sqlitePath: null, close: () => kysely.destroy() };
}
