import type SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type PreparingDatabase, withStatementCache } from './statement-cache.js';

/** A database whose statements are plain objects, counting how often each SQL was prepared. */
function countingDatabase() {
  const prepared = new Map<string, number>();
  const database: PreparingDatabase = {
    prepare: ((sql: string) => {
      prepared.set(sql, (prepared.get(sql) ?? 0) + 1);
      return { source: sql } as unknown as SQLite.Statement;
    }) as PreparingDatabase['prepare'],
    close: (() => undefined) as unknown as PreparingDatabase['close'],
  };
  return { database, prepared };
}

/** An insert of `rows` rows of ten values, as Kysely writes a batch. */
const insertOf = (rows: number) =>
  `insert into "analytics_events" values ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`;

describe('the prepared statement cache', () => {
  it('prepares a repeated query once', () => {
    const { database, prepared } = countingDatabase();
    const cache = withStatementCache(database);
    const first = cache.prepare('select 1');
    expect(cache.prepare('select 1')).toBe(first);
    expect(prepared.get('select 1')).toBe(1);
  });

  it('holds at most its budget of SQL, however many batch sizes were inserted', () => {
    const { database } = countingDatabase();
    const limits = { statements: 500, sqlChars: 64 * 1024 };
    const cache = withStatementCache(database, limits);
    for (let rows = 1; rows <= 500; rows += 1) cache.prepare(insertOf(rows));
    const held = cache.held();
    expect(held.sqlChars).toBeLessThanOrEqual(limits.sqlChars);
    // Before, 500 inserts of 1 to 500 rows were all kept: about 7 million characters of SQL.
    expect(held.statements).toBeLessThan(500);
  });

  it('does not keep a statement longer than an eighth of the budget', () => {
    const { database, prepared } = countingDatabase();
    const cache = withStatementCache(database, { statements: 500, sqlChars: 8 * 1024 });
    const long = insertOf(100);
    cache.prepare(long);
    cache.prepare(long);
    expect(prepared.get(long)).toBe(2);
    expect(cache.held()).toEqual({ statements: 0, sqlChars: 0 });
  });

  it('lets the least recently used go first, by count as well', () => {
    const { database, prepared } = countingDatabase();
    const cache = withStatementCache(database, { statements: 2, sqlChars: 64 * 1024 });
    cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1');
    cache.prepare('select 3');
    cache.prepare('select 1');
    cache.prepare('select 2');
    expect(prepared.get('select 1')).toBe(1);
    expect(prepared.get('select 2')).toBe(2);
    expect(cache.held().statements).toBe(2);
  });
});
