import type { Data } from '../db/data.js';
import { writeJson } from '../db/engine.js';
import './tables.js';

export interface ActivityEntry {
  userId: number | null;
  /** `<area>.<verb>`: user.created, role.updated, auth.login_failed, token.revoked... */
  action: string;
  subjectType?: string | null;
  subjectId?: string | number | null;
  ip: string | null;
  /** What changed, as a compact diff ({ field: [before, after] }), or other facts of the action. */
  details?: Record<string, unknown>;
}

/** Who did a thing, for its activity row: a user from a request, or the installation (CLI, jobs). */
export interface ActivityActor {
  userId: number | null;
  ip: string | null;
}

/** The installation itself: an operator at the command line, a job. */
export const BY_SYSTEM: ActivityActor = { userId: null, ip: null };

/**
 * Records state changes. Callers pass the transaction of the change itself, so the entry and the
 * change commit or roll back together.
 */
export async function recordActivity(tx: Data, siteId: number, entry: ActivityEntry): Promise<void> {
  await tx
    .site(siteId)
    .insertInto('activity_log', {
      user_id: entry.userId,
      action: entry.action,
      subject_type: entry.subjectType ?? null,
      subject_id: entry.subjectId === undefined || entry.subjectId === null ? null : String(entry.subjectId),
      ip: entry.ip,
      details: writeJson(entry.details ?? {}),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * The fields that differ between two versions of a record, as `{ field: [before, after] }`.
 * `redact` names fields whose values must not be written (password hashes): they appear as changed
 * with both values hidden.
 */
export function fieldDiff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  redact: readonly string[] = [],
): Record<string, [unknown, unknown]> {
  const diff: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    diff[key] = redact.includes(key) ? ['[redacted]', '[redacted]'] : [a ?? null, b ?? null];
  }
  return diff;
}
