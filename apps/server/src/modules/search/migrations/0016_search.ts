import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

/**
 * The search index: one row per published entry, its title and body as tokens (words and their
 * stems, made by Tessera for both engines so both find the same things) and its plain text for
 * excerpts. SQLite keeps it in an FTS5 table whose rowid is the entry's id; PostgreSQL in a table
 * with a weighted tsvector (title A, body B) under a GIN index, its rows going with their entries.
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  if (engine.name === 'sqlite') {
    await sql`
      create virtual table search_index using fts5(
        title, body, text unindexed, site_id unindexed,
        tokenize = 'unicode61 remove_diacritics 0'
      )
    `.execute(db);
    return;
  }
  await sql`
    create table search_documents (
      site_id integer not null,
      entry_id integer not null,
      document tsvector not null,
      text text not null,
      primary key (site_id, entry_id),
      foreign key (site_id, entry_id) references entries (site_id, id) on delete cascade
    )
  `.execute(db);
  await sql`create index search_documents_document_idx on search_documents using gin (document)`.execute(db);
}
