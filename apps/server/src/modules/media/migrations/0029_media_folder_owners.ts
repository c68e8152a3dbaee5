import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

/**
 * Folders get an owner, as media items have: an Author renames and deletes their own folders, and
 * only those holding the `_others` permissions touch anyone else's. Folders made before this have no
 * known owner and count as others'.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('media_folders')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
