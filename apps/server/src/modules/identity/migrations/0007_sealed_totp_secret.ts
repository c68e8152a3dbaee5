import type { Kysely } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

/**
 * Two-factor seeds are now stored sealed (core/access/secret-box.ts), longer than the base32 seed.
 * SQLite does not enforce varchar lengths; PostgreSQL gets the wider type.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine.name !== 'postgres') return;
  await db.schema
    .alterTable('users')
    .alterColumn('totp_secret', (col) => col.setDataType('varchar(255)'))
    .execute();
}
