import type { CreateTableBuilder } from 'kysely';

/**
 * What differs between the two database engines, declared once. Services and repos ask the engine
 * instead of testing the dialect's name.
 */
export interface Engine {
  readonly name: 'sqlite' | 'postgres';
  /** Column type for JSON documents: jsonb on PostgreSQL, text on SQLite. */
  readonly jsonType: 'jsonb' | 'text';
  /** PostgreSQL lets several workers claim rows without blocking each other; SQLite has one writer. */
  readonly supportsSkipLocked: boolean;
  /**
   * `SELECT ... FOR UPDATE` holds rows until the transaction ends (PostgreSQL). SQLite has no row
   * locks and needs none: it runs one write transaction at a time.
   */
  readonly supportsRowLocks: boolean;
  /** Adds an auto-incrementing integer primary key named `id`. */
  addIdColumn<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

export const sqliteEngine: Engine = {
  name: 'sqlite',
  jsonType: 'text',
  supportsSkipLocked: false,
  supportsRowLocks: false,
  addIdColumn: (table) => table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()),
};

export const postgresEngine: Engine = {
  name: 'postgres',
  jsonType: 'jsonb',
  supportsSkipLocked: true,
  supportsRowLocks: true,
  addIdColumn: (table) => table.addColumn('id', 'serial', (col) => col.primaryKey()),
};

/** JSON columns come back parsed from PostgreSQL and as text from SQLite; this reads either. */
export function readJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') return JSON.parse(value) as T;
  return value as T;
}

/** JSON columns are always written as text; PostgreSQL casts it to jsonb. */
export function writeJson(value: unknown): string {
  return JSON.stringify(value);
}

export function now(): string {
  return new Date().toISOString();
}
