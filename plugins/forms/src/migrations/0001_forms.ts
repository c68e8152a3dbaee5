import type { PluginMigration } from '@tessera/plugin';

/**
 * Forms, the fields of each version of them, their submissions with the files posted, and the
 * refusals counted per form. JSON is text on both engines: read whole, never queried into. The
 * plugin's tables reference one another without foreign keys: uninstalling drops them in name order,
 * which PostgreSQL would refuse for a referenced table; the service deletes children first.
 */
export const up: PluginMigration = async (db, engine) => {
  await engine
    .addIdColumn(db.schema.createTable('forms_forms'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(60)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('translations', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('forms_forms_site_slug')
    .unique()
    .on('forms_forms')
    .columns(['site_id', 'slug'])
    .execute();

  await db.schema
    .createTable('forms_form_versions')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('forms_form_versions_pk', ['site_id', 'form_id', 'version'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('forms_submissions'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('form_version', 'integer', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    // The values' text, lower case, for the list's search (see search-text.ts).
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The list (newest first, from/to), its read filter, and retention's sweep across forms.
  await db.schema
    .createIndex('forms_submissions_form_created')
    .on('forms_submissions')
    .columns(['site_id', 'form_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('forms_submissions_form_read')
    .on('forms_submissions')
    .columns(['site_id', 'form_id', 'read_at'])
    .execute();
  await db.schema
    .createIndex('forms_submissions_site_created')
    .on('forms_submissions')
    .columns(['site_id', 'created_at'])
    .execute();

  await engine
    .addIdColumn(db.schema.createTable('forms_files'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'varchar(40)', (c) => c.notNull())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('forms_files_submission')
    .on('forms_files')
    .columns(['site_id', 'submission_id'])
    .execute();

  await db.schema
    .createTable('forms_refusals')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('forms_refusals_pk', ['site_id', 'form_id', 'reason'])
    .execute();
};
