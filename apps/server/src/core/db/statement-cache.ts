import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** What a statement cache may hold: a count, and the length of the SQL it keeps prepared. */
export interface StatementCacheLimits {
  statements: number;
  /** Characters of SQL text, all statements together. */
  sqlChars: number;
}

/**
 * SQLite's memory for a prepared statement (its program, outside V8's heap) grows with its SQL:
 * measured at 12 to 44 bytes a character, 157 KiB for an insert of 100 rows of analytics views.
 * Counting statements alone let the soak fill the cache with such inserts, one per distinct batch
 * size, and the server's memory grew by about 3 MiB a minute for as long as it ran (issue 39).
 * 256 K characters hold every query a server repeats several times over, in about 10 MiB at most.
 */
export const STATEMENT_CACHE_LIMITS: StatementCacheLimits = { statements: 500, sqlChars: 256 * 1024 };

/** The part of better-sqlite3's database the cache uses. */
export type PreparingDatabase = Pick<SQLite.Database, 'prepare' | 'close'>;

/**
 * Kysely prepares every query anew, and preparing costs more than running a small indexed query.
 * Queries are parameterised, so their SQL text repeats: keep the prepared statements, least
 * recently used out first. A statement longer than an eighth of the budget (a multi-row insert, a
 * long list of ids) is not kept: its text rarely repeats and its run outweighs its preparation; a
 * statement let go is finalized when it is collected. better-sqlite3 re-prepares a cached statement
 * itself if the schema changes, and runs one statement at a time, so reuse is safe.
 */
export function withStatementCache(
  sqlite: PreparingDatabase,
  limits: StatementCacheLimits = STATEMENT_CACHE_LIMITS,
): SqliteDatabase & { held(): { statements: number; sqlChars: number } } {
  const statements = new Map<string, SQLite.Statement>();
  let sqlChars = 0;
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept) {
        // Most recently used last: a Map keeps insertion order.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (sql.length > limits.sqlChars / 8) return statement;
      statements.set(sql, statement);
      sqlChars += sql.length;
      for (const oldest of statements.keys()) {
        if (statements.size <= limits.statements && sqlChars <= limits.sqlChars) break;
        statements.delete(oldest);
        sqlChars -= oldest.length;
      }
      return statement;
    },
    held: () => ({ statements: statements.size, sqlChars }),
  };
}
