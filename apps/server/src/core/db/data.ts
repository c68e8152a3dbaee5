import {
  type DeleteQueryBuilder,
  type DeleteResult,
  type Expression,
  type Insertable,
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type QueryCreator,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { Engine } from './engine.js';
import type { Database, GlobalTables, SiteTables } from './schema.js';
import { SiteScopePlugin } from './site-scope-plugin.js';
import { inOpenTransaction, runInTransactionScope } from './transaction-routing.js';

export type SiteTableName = keyof SiteTables & string;

/** A site table, optionally aliased: `'roles'` or `'roles as r'`. */
export type SiteTableRef = SiteTableName | `${SiteTableName} as ${string}`;

type TableOf<R extends SiteTableRef> = R extends `${infer T extends SiteTableName} as ${string}` ? T : R;
type AliasOf<R extends SiteTableRef> = R extends `${SiteTableName} as ${infer A}` ? A : R;
/** The database as a query sees it once `R` is in its FROM: an alias names the table's row type. */
type WithAlias<R extends SiteTableRef> = Database & { [K in AliasOf<R>]: Database[TableOf<R>] };

/** Values to insert into a site table; `site_id` is filled in by the scoped handle, never by the caller. */
export type SiteInsert<T extends SiteTableName> = Omit<Insertable<SiteTables[T]>, 'site_id'>;

/**
 * Every global table, so the site-scoped handle knows which tables it must not scope; any other
 * table it meets is treated as site-owned. The type makes this list complete: a table added to
 * GlobalTables and missing here fails the type check.
 */
const GLOBAL_TABLES: Record<keyof GlobalTables, true> = {
  sites: true,
  site_domains: true,
  users: true,
  sessions: true,
  api_tokens: true,
  password_resets: true,
  recovery_codes: true,
  setup_tokens: true,
  two_factor_challenges: true,
  jobs: true,
  job_schedules: true,
  system_state: true,
  plugins: true,
  plugin_sites: true,
  analytics_salts: true,
};
const globalTableNames: ReadonlySet<string> = new Set(Object.keys(GLOBAL_TABLES));

/**
 * Access to one site's rows. Every statement it builds is scoped by construction (site-scope-plugin.ts):
 * each site table it names, in FROM, joins (`innerJoin('roles as r', ...)`), subqueries and common
 * table expressions, recursive ones included, gets `site_id = <this site>`, and inserts get the
 * site id set; a statement cannot move a row to another site. Global tables (users) may be joined
 * and are left as they are. Modules therefore never need the raw handle for site data:
 *
 * ```ts
 * site.withRecursive('tree(id, parent_id)', (q) =>
 *   q.selectFrom('pages').select(['id', 'parent_id']).where('id', '=', rootId)
 *    .unionAll(q.selectFrom('pages as p').innerJoin('tree', 'tree.id', 'p.parent_id').select(['p.id', 'p.parent_id'])),
 * ).selectFrom('tree').selectAll()
 * ```
 */
export class SiteScopedDb {
  private readonly scoped: Kysely<Database>;

  /** `WITH` queries over site tables, every table in them scoped; see the class comment. */
  readonly with: QueryCreator<Database>['with'];
  /** `WITH RECURSIVE` queries (page trees), every table in them scoped. */
  readonly withRecursive: QueryCreator<Database>['withRecursive'];

  constructor(
    db: Kysely<Database>,
    readonly siteId: number,
    private readonly engine: Pick<Engine, 'name'> | null = null,
  ) {
    this.scoped = db.withPlugin(new SiteScopePlugin(siteId, globalTableNames));
    this.with = this.scoped.with.bind(this.scoped);
    this.withRecursive = this.scoped.withRecursive.bind(this.scoped);
  }

  selectFrom<R extends SiteTableRef>(table: R): SelectQueryBuilder<WithAlias<R>, AliasOf<R>, object> {
    // The generic table name defeats Kysely's reference typing; the plugin adds the site condition.
    return this.scoped.selectFrom(table) as unknown as SelectQueryBuilder<WithAlias<R>, AliasOf<R>, object>;
  }

  insertInto<T extends SiteTableName>(
    table: T,
    values: SiteInsert<T> | readonly SiteInsert<T>[],
  ): InsertQueryBuilder<Database, T, InsertResult> {
    const rows = (Array.isArray(values) ? values : [values]).map((row) => ({ ...row, site_id: this.siteId }));
    const builder = this.scoped.insertInto(table) as unknown as {
      values(rows: unknown): InsertQueryBuilder<Database, T, InsertResult>;
    };
    return builder.values(rows);
  }

  updateTable<R extends SiteTableRef>(
    table: R,
  ): UpdateQueryBuilder<WithAlias<R>, AliasOf<R>, AliasOf<R>, UpdateResult> {
    return this.scoped.updateTable(table) as unknown as UpdateQueryBuilder<
      WithAlias<R>,
      AliasOf<R>,
      AliasOf<R>,
      UpdateResult
    >;
  }

  deleteFrom<R extends SiteTableRef>(table: R): DeleteQueryBuilder<WithAlias<R>, AliasOf<R>, DeleteResult> {
    return this.scoped.deleteFrom(table) as unknown as DeleteQueryBuilder<
      WithAlias<R>,
      AliasOf<R>,
      DeleteResult
    >;
  }

  /**
   * A full-text condition on both engines, for `where`: every word of `text` must occur. `column`
   * names a column of an FTS5 table on SQLite (or the FTS5 table itself, for all its columns) and a
   * tsvector column on PostgreSQL (`language` is its text search configuration). Words are passed
   * as data, never as search syntax, so no input can make the query fail.
   */
  matches(column: string, text: string, language = 'simple'): Expression<SqlBool> {
    const words = text.split(/\s+/).filter((word) => word !== '');
    if (words.length === 0) return sql<SqlBool>`1 = 0`;
    if (this.engine?.name === 'postgres')
      return sql<SqlBool>`${sql.ref(column)} @@ plainto_tsquery(${language}::regconfig, ${words.join(' ')})`;
    const phrase = words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' ');
    return sql<SqlBool>`${sql.ref(column)} match ${phrase}`;
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
    return new SiteScopedDb(this.db, siteId, this.engine);
  }

  async transaction<R>(work: (tx: Data) => Promise<R>): Promise<R> {
    if (this.db.isTransaction || inOpenTransaction()) return work(this);
    // Every query of this async flow, through whatever handle, goes to the transaction's connection.
    return runInTransactionScope(() =>
      this.db.transaction().execute((trx) => work(new Data(trx, this.engine))),
    );
  }

  /**
   * After a bulk load (an import): the planner's statistics of the tables refreshed, so it does not
   * keep planning for the empty tables it last saw (PostgreSQL then sorts 10,000 rows to show 10).
   */
  async refreshStatistics(tables: readonly SiteTableName[]): Promise<void> {
    if (this.engine.name === 'postgres')
      // VACUUM too: it marks the pages all-visible, so counts can read the index alone.
      await sql`vacuum analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(this.db);
    else await sql`analyze`.execute(this.db);
  }

  /** The unrestricted handle, for core machinery (migrations, jobs, health checks) only. */
  get raw(): Kysely<Database> {
    return this.db;
  }
}
