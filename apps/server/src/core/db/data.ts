import type {
  DeleteQueryBuilder,
  DeleteResult,
  Insertable,
  InsertQueryBuilder,
  InsertResult,
  Kysely,
  SelectQueryBuilder,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import type { Engine } from './engine.js';
import type { Database, GlobalTables, SiteTables } from './schema.js';
import { inOpenTransaction, runInTransactionScope } from './transaction-routing.js';

export type SiteTableName = keyof SiteTables & string;

/** Values to insert into a site table; `site_id` is filled in by the scoped handle, never by the caller. */
export type SiteInsert<T extends SiteTableName> = Omit<Insertable<SiteTables[T]>, 'site_id'>;

/**
 * Access to one site's rows. Every statement it builds carries `site_id = <this site>`, and inserts
 * get the site id set, so a repo holding this handle cannot read or change another site's data.
 * Joins to further site tables must add their own `site_id` condition (or join on a site-scoped key).
 */
export class SiteScopedDb {
  constructor(
    private readonly db: Kysely<Database>,
    readonly siteId: number,
  ) {}

  selectFrom<T extends SiteTableName>(table: T): SelectQueryBuilder<Database, T, object> {
    // The generic table name defeats Kysely's reference typing; the dynamic ref is checked by the SQL itself.
    const builder = this.db.selectFrom(table) as unknown as SelectQueryBuilder<Database, T, object>;
    return builder.where(this.db.dynamic.ref(`${table}.site_id`), '=', this.siteId);
  }

  insertInto<T extends SiteTableName>(
    table: T,
    values: SiteInsert<T> | readonly SiteInsert<T>[],
  ): InsertQueryBuilder<Database, T, InsertResult> {
    const rows = (Array.isArray(values) ? values : [values]).map((row) => ({ ...row, site_id: this.siteId }));
    const builder = this.db.insertInto(table) as unknown as {
      values(rows: unknown): InsertQueryBuilder<Database, T, InsertResult>;
    };
    return builder.values(rows);
  }

  updateTable<T extends SiteTableName>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
    const builder = this.db.updateTable(table) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
    return builder.where(this.db.dynamic.ref(`${table}.site_id`), '=', this.siteId);
  }

  deleteFrom<T extends SiteTableName>(table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
    const builder = this.db.deleteFrom(table) as unknown as DeleteQueryBuilder<Database, T, DeleteResult>;
    return builder.where(this.db.dynamic.ref(`${table}.site_id`), '=', this.siteId);
  }
}

/**
 * The data layer handed to services: global tables through `global`, site tables through
 * `site(id)`. The operation owns the transaction: `data.transaction(async (tx) => ...)` gives a Data
 * bound to one transaction, and nested calls reuse it, so repos never open their own.
 */
export class Data {
  constructor(
    private readonly db: Kysely<Database>,
    readonly engine: Engine,
  ) {}

  /** Global tables only; the type leaves site-owned tables out. */
  get global(): Kysely<GlobalTables> {
    return this.db as unknown as Kysely<GlobalTables>;
  }

  site(siteId: number): SiteScopedDb {
    return new SiteScopedDb(this.db, siteId);
  }

  async transaction<R>(work: (tx: Data) => Promise<R>): Promise<R> {
    if (this.db.isTransaction || inOpenTransaction()) return work(this);
    // Every query of this async flow, through whatever handle, goes to the transaction's connection.
    return runInTransactionScope(() =>
      this.db.transaction().execute((trx) => work(new Data(trx, this.engine))),
    );
  }

  /** The unrestricted handle, for core machinery (migrations, jobs, health checks) only. */
  get raw(): Kysely<Database> {
    return this.db;
  }
}
