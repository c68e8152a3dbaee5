import { type CreateTableBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

/**
 * Site isolation held by the database itself (rules for later tables: docs/data.md).
 *
 * - A site-owned row that references another site-owned row does so through (site_id, ref_id) to
 *   the referenced table's UNIQUE (site_id, id): a role of site A cannot be given to a member of
 *   site B, nor a permission row of site A attached to a role of site B, whatever the code does.
 * - Sessions, sign-in challenges and API tokens belong to a site. Existing sessions and challenges
 *   are bound to the user's first site (by id), or the oldest site; existing tokens to the site
 *   their `token.created` activity entry names, else the same fallback. Installation-wide tokens
 *   (site_id null) exist only when a Super Admin asks for one.
 *
 * PostgreSQL alters the tables in place; SQLite cannot add a constraint to a table, so there the
 * four tables are rebuilt (new table, copy, drop, rename, indexes again) in one transaction.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

const ts = 'varchar(30)';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  // PostgreSQL runs each migration in a transaction already; SQLite gets one here, so a crash
  // leaves no half-rebuilt table.
  if (db.isTransaction) await isolateSites(db, engine);
  else await db.transaction().execute((tx) => isolateSites(tx, engine));
}

async function isolateSites(db: Db, engine: Engine): Promise<void> {
  await refuseCrossSiteRows(db);
  // A plain unique index is what both engines accept as the target of a composite foreign key.
  await db.schema
    .createIndex('roles_site_id_unique')
    .on('roles')
    .columns(['site_id', 'id'])
    .unique()
    .execute();

  await db.schema
    .alterTable('api_tokens')
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('cascade'))
    .execute();
  await db.updateTable('api_tokens').set({ site_id: tokenSite() }).execute();

  if (engine.name === 'postgres') await alterOnPostgres(db);
  else await rebuildOnSqlite(db);
  await db.schema
    .createIndex('site_members_site_role_idx')
    .on('site_members')
    .columns(['site_id', 'role_id'])
    .execute();
}

async function alterOnPostgres(db: Db): Promise<void> {
  await db.schema
    .alterTable('role_permissions')
    .dropConstraint('role_permissions_role_id_fkey')
    .ifExists()
    .execute();
  await db.schema
    .alterTable('role_permissions')
    .addForeignKeyConstraint(
      'role_permissions_role_fk',
      ['site_id', 'role_id'],
      'roles',
      ['site_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema.alterTable('site_members').dropConstraint('site_members_role_id_fkey').ifExists().execute();
  await db.schema
    .alterTable('site_members')
    .addForeignKeyConstraint('site_members_role_fk', ['site_id', 'role_id'], 'roles', ['site_id', 'id'])
    .execute();

  for (const table of ['sessions', 'two_factor_challenges']) {
    await db.schema
      .alterTable(table)
      .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('cascade'))
      .execute();
    await db
      .updateTable(table)
      .set({ site_id: usersFirstSite(`${table}.user_id`) })
      .execute();
    await db.deleteFrom(table).where('site_id', 'is', null).execute();
    await db.schema
      .alterTable(table)
      .alterColumn('site_id', (c) => c.setNotNull())
      .execute();
  }
}

async function rebuildOnSqlite(db: Db): Promise<void> {
  await rebuild(db, 'role_permissions', ['site_id', 'role_id', 'permission'], (t) =>
    t
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull())
      .addColumn('permission', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
      .addForeignKeyConstraint(
        'role_permissions_role_fk',
        ['site_id', 'role_id'],
        'roles',
        ['site_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      ),
  );
  await rebuild(db, 'site_members', ['site_id', 'user_id', 'role_id', 'created_at'], (t) =>
    t
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('site_members_pk', ['site_id', 'user_id'])
      .addForeignKeyConstraint('site_members_role_fk', ['site_id', 'role_id'], 'roles', ['site_id', 'id']),
  );
  await db.schema.createIndex('site_members_user_idx').on('site_members').column('user_id').execute();

  const sessionColumns = [
    'id',
    'user_id',
    'csrf_token',
    'ip',
    'user_agent',
    'created_at',
    'last_seen_at',
    'idle_expires_at',
    'absolute_expires_at',
  ];
  await rebuild(
    db,
    'sessions',
    sessionColumns,
    (t) =>
      t
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('user_agent', 'varchar(500)')
        .addColumn('created_at', ts, (c) => c.notNull())
        .addColumn('last_seen_at', ts, (c) => c.notNull())
        .addColumn('idle_expires_at', ts, (c) => c.notNull())
        .addColumn('absolute_expires_at', ts, (c) => c.notNull()),
    true,
  );
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await rebuild(
    db,
    'two_factor_challenges',
    ['token_hash', 'user_id', 'attempts', 'expires_at', 'created_at'],
    (t) =>
      t
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull()),
    true,
  );
}

/**
 * Copies `table` into a new table built by `define`, then puts the new one in its place. With
 * `bindToSite`, rows gain the site_id of their user's first site; rows with no site at all go.
 */
async function rebuild(
  db: Db,
  table: string,
  columns: string[],
  define: (table: CreateTableBuilder<string, never>) => CreateTableBuilder<string, string>,
  bindToSite = false,
): Promise<void> {
  const next = `${table}_next`;
  await define(db.schema.createTable(next)).execute();
  const select = db
    .selectFrom(table)
    .select(columns.map((c) => `${table}.${c}`))
    .$if(bindToSite, (q) => q.select(usersFirstSite(`${table}.user_id`).as('site_id')));
  const copy = db
    .insertInto(next)
    .columns(bindToSite ? [...columns, 'site_id'] : columns)
    .expression(
      bindToSite ? db.selectFrom(select.as('bound')).selectAll().where('site_id', 'is not', null) : select,
    );
  await copy.execute();
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
}

/** The user's first site by id, else the oldest site. */
function usersFirstSite(userRef: string): RawBuilder<number | null> {
  return sql<number | null>`coalesce(
    (select min(m.site_id) from site_members m where m.user_id = ${sql.ref(userRef)}),
    (select min(s.id) from sites s))`;
}

/** The site a token was created on, as its activity entry says, else its user's first site. */
function tokenSite(): RawBuilder<number | null> {
  return sql<number | null>`coalesce(
    (select min(a.site_id) from activity_log a
      where a.action = 'token.created' and a.subject_type = 'api_token'
        and a.subject_id = cast(api_tokens.id as varchar(20))),
    ${usersFirstSite('api_tokens.user_id')})`;
}

/** Rows that already cross sites would make the new constraints fail with a less helpful message. */
async function refuseCrossSiteRows(db: Db): Promise<void> {
  for (const table of ['role_permissions', 'site_members']) {
    const crossing = await db
      .selectFrom(`${table} as r`)
      .innerJoin('roles', 'roles.id', 'r.role_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .whereRef('roles.site_id', '!=', 'r.site_id')
      .executeTakeFirstOrThrow();
    if (Number(crossing.n) > 0) {
      throw new Error(
        `${crossing.n} rows of ${table} name a role of another site; fix them before upgrading.`,
      );
    }
  }
}
