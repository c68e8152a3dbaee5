import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

/**
 * The public lists (the latest posts, a content list block, feeds): a type's published entries in
 * one locale, newest first. Without it a list of 3 read every entry of the type (10,000 posts:
 * some 10 ms on SQLite per list, the whole of a builder page's render).
 */
export async function up(db: Db): Promise<void> {
  await sql`create index entries_published_idx on entries (site_id, type_id, locale, published_at, id)
    where deleted_at is null and status = 'published'`.execute(db);
}
