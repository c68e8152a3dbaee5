import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

/**
 * A webhook's delivery run is held by the job running it, not for a fixed time: `draining_job` is
 * that job (its lease says whether the run is alive, so a run taken over after its worker died
 * sends at once) and `draining_run` names the run itself, so a run that lost the webhook to another
 * stops before its next send. `draining_until`, the fixed five-minute hold, goes: an instance of the
 * previous version fails its delivery jobs instead of sending beside this one out of order.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('draining_job', 'integer').execute();
  await db.schema.alterTable('webhooks').addColumn('draining_run', 'varchar(36)').execute();
  await db.schema.alterTable('webhooks').dropColumn('draining_until').execute();
}
