import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../../core/db/engine.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

/**
 * Posts get a body: the built-in post type of every existing site gains the rich text field
 * `content` (types/builtin.ts) where it still has no fields, as new sites get it from the start.
 */
export async function up(db: Db, engine: Engine): Promise<void> {
  const fields = JSON.stringify([
    {
      key: 'content',
      label: 'Content',
      type: 'richtext',
      help_text: 'The article itself. The excerpt is taken from its beginning when none is written.',
    },
  ]);
  if (engine.name === 'postgres')
    await sql`update content_types set fields = ${fields}::jsonb where slug = 'post' and builtin = 1 and fields = '[]'::jsonb`.execute(
      db,
    );
  else
    await sql`update content_types set fields = ${fields} where slug = 'post' and builtin = 1 and fields = '[]'`.execute(
      db,
    );
}
