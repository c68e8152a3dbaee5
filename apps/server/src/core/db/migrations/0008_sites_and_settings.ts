import type { Kysely } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Sites get their branding; site settings get a table, one row per key so that two edits of
 * different keys of a group never overwrite each other; Super Admin and Admin lose their stored
 * permission rows, since their sets are now computed from the catalogue on every read.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  // Text holding JSON on both engines: a jsonb string scalar would come back unquoted from pg.
  await db.schema
    .alterTable('sites')
    .addColumn('branding', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('group_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    // JSON text of the value; secrets hold a sealed string (core/access/secret-box.ts).
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_settings_pk', ['site_id', 'group_name', 'key'])
    .execute();

  await db
    .deleteFrom('role_permissions')
    .where(
      'role_id',
      'in',
      db
        .selectFrom('roles')
        .select('id')
        .where('is_default', '=', 1)
        .where('slug', 'in', ['super_admin', 'admin']),
    )
    .execute();
}
