import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/**
 * The media library: folders (a tree per site), media items with their stored files' keys and
 * variants, and where each item is used. Composite keys on (site_id, id) keep an item, its folder
 * and its usage rows on one site (docs/data.md).
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  const siteOwned = (name: string) =>
    engine
      .addIdColumn(db.schema.createTable(name) as CreateTableBuilder<string, never>)
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addUniqueConstraint(`${name}_site_id_unique`, ['site_id', 'id']);

  await siteOwned('media_folders')
    .addColumn('parent_id', 'integer')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addForeignKeyConstraint('media_folders_parent_fk', ['site_id', 'parent_id'], 'media_folders', [
      'site_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('media_folders_parent_idx')
    .on('media_folders')
    .columns(['site_id', 'parent_id'])
    .execute();

  await siteOwned('media')
    .addColumn('folder_id', 'integer')
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('alt_text', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('caption', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('credit', engine.jsonType)
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('type_group', 'varchar(20)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('duplicate_of', 'integer')
    .addColumn('focal_x', 'real', (c) => c.notNull().defaultTo(0.5))
    .addColumn('focal_y', 'real', (c) => c.notNull().defaultTo(0.5))
    .addColumn('storage_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('variants', engine.jsonType, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addForeignKeyConstraint('media_folder_fk', ['site_id', 'folder_id'], 'media_folders', ['site_id', 'id'])
    .execute();
  for (const [name, columns] of [
    ['media_created_idx', ['site_id', 'created_at', 'id']],
    ['media_folder_idx', ['site_id', 'folder_id', 'id']],
    ['media_hash_idx', ['site_id', 'hash']],
    ['media_group_idx', ['site_id', 'type_group', 'id']],
  ] as const)
    await db.schema
      .createIndex(name)
      .on('media')
      .columns([...columns])
      .execute();

  await siteOwned('media_usage')
    .addColumn('media_id', 'integer', (c) => c.notNull())
    .addColumn('owner_type', 'varchar(60)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addForeignKeyConstraint(
      'media_usage_media_fk',
      ['site_id', 'media_id'],
      'media',
      ['site_id', 'id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('media_usage_media_idx')
    .on('media_usage')
    .columns(['site_id', 'media_id'])
    .execute();
  await db.schema
    .createIndex('media_usage_owner_idx')
    .on('media_usage')
    .columns(['site_id', 'owner_type', 'owner_id'])
    .execute();
}
