import type { Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  // The last TOTP time step a user signed in with: a code is refused for that step and earlier ones,
  // so one seen over a shoulder (or replayed from a log) cannot be used again within its window.
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
}
