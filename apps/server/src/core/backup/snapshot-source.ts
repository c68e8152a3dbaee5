import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../db/connect.js';
import { sqliteDriver } from '../db/sqlite-driver.js';
import type { Row, RowReader } from './tables.js';

/**
 * Runs `read` against one point in time of the database while others keep writing.
 *
 * SQLite: a second, read-only connection to the file, inside a read transaction: in WAL mode it sees
 * the database as of its first read, however long it lasts, without holding the server's own
 * connection (every request of this process goes through that one). PostgreSQL: a repeatable-read,
 * read-only transaction on one of the pool's connections, the snapshot `pg_dump` relies on.
 */
export async function readSnapshot<T>(
  database: DatabaseHandle,
  read: (reader: RowReader) => Promise<T>,
): Promise<T> {
  if (database.engine.name === 'sqlite') return readSqliteSnapshot(database, read);
  return database.kysely
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => read(postgresReader(trx)));
}

async function readSqliteSnapshot<T>(
  database: DatabaseHandle,
  read: (reader: RowReader) => Promise<T>,
): Promise<T> {
  if (!database.sqlitePath) throw new Error('An in-memory SQLite database cannot be backed up.');
  const Driver = sqliteDriver();
  const connection = new Driver(database.sqlitePath, { readonly: true, fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    connection.exec('begin');
    // The snapshot starts at the transaction's first read.
    connection.prepare('select count(*) from sqlite_master').get();
    const reader: RowReader = {
      engine: 'sqlite',
      all: async (text) => connection.prepare(text).all() as Row[],
      async *batches(text, size) {
        let batch: Row[] = [];
        for (const row of connection.prepare(text).iterate() as IterableIterator<Row>) {
          batch.push(row);
          if (batch.length === size) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      },
    };
    return await read(reader);
  } finally {
    if (connection.inTransaction) connection.exec('commit');
    connection.close();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a backup reads every table, whatever the types say
function postgresReader(trx: Kysely<any>): RowReader {
  // The backup's own statements, with no values from outside in them (table names are quoted).
  const all = async (text: string) => (await sql.raw<Row>(text).execute(trx)).rows;
  return {
    engine: 'postgres',
    all,
    async *batches(text, size) {
      // Pages of one ordered query inside the snapshot: the same rows in the same order each time.
      for (let offset = 0; ; offset += size) {
        const rows = await all(`${text} limit ${size} offset ${offset}`);
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
      }
    },
  };
}
