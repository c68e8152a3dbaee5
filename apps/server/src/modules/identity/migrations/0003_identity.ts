import type { Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

const ts = 'varchar(30)';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await engine
    .addIdColumn(db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // Lowercased copy: emails compare case-insensitively, the original spelling is kept for display.
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .addColumn('locale', 'varchar(35)', (c) => c.notNull().defaultTo('en'))
    .addColumn('is_super_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_secret', 'varchar(64)')
    .addColumn('totp_enabled_at', ts)
    .addColumn('last_login_at', ts)
    .addColumn('password_changed_at', ts, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('roles'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requires_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('roles_site_slug_unique', ['site_id', 'slug'])
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
    .execute();

  await db.schema
    .createTable('site_members')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('site_members_pk', ['site_id', 'user_id'])
    .execute();
  await db.schema.createIndex('site_members_user_idx').on('site_members').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    // SHA-256 of the cookie value: a leaked database does not hand out live sessions.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addColumn('idle_expires_at', ts, (c) => c.notNull())
    .addColumn('absolute_expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await engine
    .addIdColumn(db.schema.createTable('api_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // JSON array of permission ids, or null for "all of the user's permissions".
    .addColumn('permissions', engine.jsonType)
    .addColumn('expires_at', ts)
    .addColumn('last_used_at', ts)
    .addColumn('revoked_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('setup_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('activity_log'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(50)')
    .addColumn('subject_id', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('details', engine.jsonType, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_site_created_idx')
    .on('activity_log')
    .columns(['site_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('activity_site_user_idx')
    .on('activity_log')
    .columns(['site_id', 'user_id'])
    .execute();
}
