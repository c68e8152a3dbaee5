import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

/**
 * An image's uploaded file, kept privately beside its WebP variants (the `keep_originals` media
 * setting) so they can be made again from it. Items uploaded before this have none.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('media').addColumn('original_key', 'varchar(500)').execute();
}
