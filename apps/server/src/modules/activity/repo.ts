import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { SiteScopedDb } from '../../core/db/data.js';
import { readJson } from '../../core/db/engine.js';
import type { Database } from '../../core/db/schema.js';
import type { ActivityEntryView, ActivityFilter } from './schemas.js';
import '../../core/activity/tables.js';

type ActivityQuery = SelectQueryBuilder<Database, 'activity_log', object>;

/** Reads of one site's activity log, newest first. */
export class ActivityRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async count(filter: ActivityFilter): Promise<number> {
    const row = await applyFilter(this.db.selectFrom('activity_log'), filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page of entries; `afterId` pages by keyset (exports), `offset` by number (lists). */
  async list(
    filter: ActivityFilter,
    limit: number,
    position: { offset?: number; beforeId?: number },
  ): Promise<ActivityEntryView[]> {
    let query = applyFilter(this.db.selectFrom('activity_log'), filter)
      .leftJoin('users', 'users.id', 'activity_log.user_id')
      .select([
        'activity_log.id',
        'activity_log.user_id',
        'activity_log.action',
        'activity_log.subject_type',
        'activity_log.subject_id',
        'activity_log.ip',
        'activity_log.details',
        'activity_log.created_at',
        'users.email',
        'users.display_name',
      ])
      .orderBy('activity_log.id', 'desc')
      .limit(limit);
    if (position.beforeId !== undefined) query = query.where('activity_log.id', '<', position.beforeId);
    if (position.offset) query = query.offset(position.offset);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      user:
        row.user_id !== null && row.email !== null && row.display_name !== null
          ? { id: row.user_id, email: row.email, display_name: row.display_name }
          : null,
      action: row.action,
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      ip: row.ip,
      details: readJson<Record<string, unknown>>(row.details, {}),
      created_at: row.created_at,
    }));
  }

  /** Deletes entries older than `before`; returns how many went. */
  async deleteOlderThan(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('activity_log')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/**
 * `action LIKE 'prefix%'` with the prefix's own `%`, `_` and backslash escaped, so `two_factor.*` matches
 * `two_factor.enabled` literally. SQLite has no default LIKE escape character, hence the explicit one.
 */
function actionStartsWith(prefix: string) {
  const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<SqlBool>`${sql.ref('activity_log.action')} like ${pattern} escape '\\'`;
}

function applyFilter(query: ActivityQuery, filter: ActivityFilter): ActivityQuery {
  let q = query;
  if (filter.user_id !== undefined) q = q.where('activity_log.user_id', '=', filter.user_id);
  if (filter.action !== undefined) {
    q = filter.action.endsWith('.*')
      ? q.where(actionStartsWith(filter.action.slice(0, -1)))
      : q.where('activity_log.action', '=', filter.action);
  }
  if (filter.subject_type !== undefined) q = q.where('activity_log.subject_type', '=', filter.subject_type);
  if (filter.subject_id !== undefined) q = q.where('activity_log.subject_id', '=', filter.subject_id);
  // Stored timestamps are ISO strings in UTC; normalising the bounds the same way keeps text comparison exact.
  if (filter.from !== undefined)
    q = q.where('activity_log.created_at', '>=', new Date(filter.from).toISOString());
  if (filter.to !== undefined) q = q.where('activity_log.created_at', '<', new Date(filter.to).toISOString());
  return q;
}
