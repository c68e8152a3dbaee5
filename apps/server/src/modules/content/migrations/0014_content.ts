import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

/**
 * The content engine's tables. Every row is site-owned, and every reference between them is a
 * composite foreign key on (site_id, id) (docs/data.md), so the database refuses a parent,
 * translation, relation, term or revision of another site whatever the code does.
 *
 * Entries of every type share `entries`: typed columns for what all types have, JSON for field
 * values and the block tree. The working copy is what editors change; `live` is the published
 * snapshot the public site serves, replaced only when the entry is published again.
 */
const ts = 'varchar(30)';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: the builder's column set is not known statically
type Table = CreateTableBuilder<string, any>;

function siteOwned(db: Db, engine: Engine, name: string): Table {
  return engine
    .addIdColumn(db.schema.createTable(name) as CreateTableBuilder<string, never>)
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addUniqueConstraint(`${name}_site_id_unique`, ['site_id', 'id']);
}

export async function up(db: Db, engine: Engine): Promise<void> {
  const json = engine.jsonType;

  await siteOwned(db, engine, 'content_types')
    .addColumn('slug', 'varchar(40)', (c) => c.notNull())
    .addColumn('singular_label', 'varchar(80)', (c) => c.notNull())
    .addColumn('plural_label', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fields', json, (c) => c.notNull())
    .addColumn('taxonomies', json, (c) => c.notNull())
    .addColumn('display', json, (c) => c.notNull())
    .addColumn('route_pattern', 'varchar(200)', (c) => c.notNull())
    .addColumn('hierarchical', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_archive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allows_comments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uses_builder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('in_feed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('content_types_site_slug_unique', ['site_id', 'slug'])
    .execute();

  // Entries translated from one another share a group; the group outlives any one of them.
  await siteOwned(db, engine, 'translation_groups')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await siteOwned(db, engine, 'entries')
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    // The public path from the ancestors' slugs (about/team/berlin), kept in step when one moves.
    .addColumn('path', 'varchar(2000)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('translation_group_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('featured_media_id', 'integer')
    .addColumn('fields', json, (c) => c.notNull())
    .addColumn('blocks', json, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // The published snapshot and where it lives; null while the entry is not published.
    .addColumn('live', json)
    .addColumn('live_path', 'varchar(2000)')
    .addColumn('live_revision_id', 'integer')
    // The working copy's version when it was published: a later save means unpublished changes.
    .addColumn('live_version', 'integer')
    .addColumn('published_at', ts)
    .addColumn('publish_at', ts)
    .addColumn('review_note', 'text')
    .addColumn('lock_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('lock_taken_at', ts)
    .addColumn('lock_seen_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .addForeignKeyConstraint('entries_type_fk', ['site_id', 'type_id'], 'content_types', ['site_id', 'id'])
    .addForeignKeyConstraint('entries_parent_fk', ['site_id', 'parent_id'], 'entries', ['site_id', 'id'])
    .addForeignKeyConstraint(
      'entries_translation_group_fk',
      ['site_id', 'translation_group_id'],
      'translation_groups',
      ['site_id', 'id'],
    )
    .execute();
  // Slugs are unique among siblings of one type and locale; trashed entries give theirs up.
  await sql`create unique index entries_slug_unique on entries
    (site_id, type_id, locale, (coalesce(parent_id, 0)), slug) where deleted_at is null`.execute(db);
  // The admin lists: a type's entries outside the trash, newest change first (ties by id), and their count.
  await sql`create index entries_list_idx on entries (site_id, type_id, updated_at, id) where deleted_at is null`.execute(
    db,
  );
  await db.schema.createIndex('entries_parent_idx').on('entries').columns(['site_id', 'parent_id']).execute();
  await db.schema
    .createIndex('entries_group_idx')
    .on('entries')
    .columns(['site_id', 'translation_group_id'])
    .execute();
  await db.schema
    .createIndex('entries_live_path_idx')
    .on('entries')
    .columns(['site_id', 'locale', 'live_path'])
    .execute();
  await db.schema
    .createIndex('entries_publish_at_idx')
    .on('entries')
    .columns(['status', 'publish_at'])
    .execute();

  await siteOwned(db, engine, 'revisions')
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', json, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addForeignKeyConstraint(
      'revisions_entry_fk',
      ['site_id', 'entry_id'],
      'entries',
      ['site_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('revisions_entry_idx')
    .on('revisions')
    .columns(['site_id', 'entry_id', 'id'])
    .execute();

  // Relation field values as rows, so "who points at this entry" is one indexed query.
  await db.schema
    .createTable('entry_relations')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('from_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'varchar(200)', (c) => c.notNull())
    .addColumn('to_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_relations_pk', ['site_id', 'from_id', 'field', 'position'])
    .addForeignKeyConstraint(
      'entry_relations_from_fk',
      ['site_id', 'from_id'],
      'entries',
      ['site_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'entry_relations_to_fk',
      ['site_id', 'to_id'],
      'entries',
      ['site_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('entry_relations_to_idx')
    .on('entry_relations')
    .columns(['site_id', 'to_id'])
    .execute();

  await siteOwned(db, engine, 'taxonomies')
    .addColumn('slug', 'varchar(40)', (c) => c.notNull())
    .addColumn('singular_label', 'varchar(80)', (c) => c.notNull())
    .addColumn('plural_label', 'varchar(80)', (c) => c.notNull())
    .addColumn('hierarchical', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('taxonomies_site_slug_unique', ['site_id', 'slug'])
    .execute();

  await siteOwned(db, engine, 'terms')
    .addColumn('taxonomy_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('terms_taxonomy_slug_unique', ['site_id', 'taxonomy_id', 'slug'])
    .addForeignKeyConstraint(
      'terms_taxonomy_fk',
      ['site_id', 'taxonomy_id'],
      'taxonomies',
      ['site_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint('terms_parent_fk', ['site_id', 'parent_id'], 'terms', ['site_id', 'id'])
    .execute();

  await db.schema
    .createTable('entry_terms')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('term_id', 'integer', (c) => c.notNull())
    // site_id leads, as in every index here: the site condition the scope adds then narrows it.
    .addPrimaryKeyConstraint('entry_terms_pk', ['site_id', 'entry_id', 'term_id'])
    .addForeignKeyConstraint(
      'entry_terms_entry_fk',
      ['site_id', 'entry_id'],
      'entries',
      ['site_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'entry_terms_term_fk',
      ['site_id', 'term_id'],
      'terms',
      ['site_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('entry_terms_term_idx')
    .on('entry_terms')
    .columns(['site_id', 'term_id'])
    .execute();

  // Paths an entry answered on before a move or a new slug: the public site redirects them (301).
  await db.schema
    .createTable('entry_redirects')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('old_path', 'varchar(2000)', (c) => c.notNull())
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('entry_redirects_pk', ['site_id', 'locale', 'old_path'])
    .addForeignKeyConstraint(
      'entry_redirects_entry_fk',
      ['site_id', 'entry_id'],
      'entries',
      ['site_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
}
