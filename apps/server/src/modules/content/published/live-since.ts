import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../../core/db/schema.js';

/**
 * When the live version of a published entry went live: the later of its first publication and
 * the save it publishes (the live revision). `entries.updated_at` would not do: it moves with every
 * draft saved after publishing, which the public does not see. For a query joining `revisions` on
 * the live revision.
 */
export function liveSince(eb: ExpressionBuilder<Database, 'entries' | 'revisions'>) {
  return eb
    .case()
    .when('revisions.created_at', '>', eb.ref('entries.published_at'))
    .then(eb.ref('revisions.created_at'))
    .else(eb.ref('entries.published_at'))
    .end();
}
