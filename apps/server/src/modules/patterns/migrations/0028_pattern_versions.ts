import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

/**
 * Patterns get a version, as pages and sections have: a change names the version it was made from,
 * and one made from an older version than the stored one is refused (409) instead of silently
 * overwriting what someone else saved in between. Existing patterns start at 1.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('patterns')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
