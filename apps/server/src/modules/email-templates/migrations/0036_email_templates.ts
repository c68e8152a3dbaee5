import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;
const ts = 'varchar(30)';

/**
 * Email templates a site changed (issue 37): one row per event and language it customised; an
 * event without a row is sent from its default template.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('email_templates')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('event', 'varchar(100)', (c) => c.notNull())
    .addColumn('locale', 'varchar(35)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('email_templates_pk', ['site_id', 'event', 'locale'])
    .execute();
}
