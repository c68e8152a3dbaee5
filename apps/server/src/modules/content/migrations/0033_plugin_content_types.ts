import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

/**
 * A content type may belong to a plugin (the shop's products): the plugin's name, null for the
 * types administrators make. The plugin keeps its definition; the site shows it only while the
 * plugin is active there, and its entries stay when it is not.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('content_types').addColumn('owner', 'varchar(40)').execute();
}
