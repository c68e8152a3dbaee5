/**
 * Which backups the cleanup deletes. A successful backup is kept while it is one of the newest
 * `keepLast`, or younger than `keepDays` days (0: the age keeps nothing on its own); the newest
 * successful one is always kept, so the cleanup never leaves the installation without a good
 * backup. Running and failed runs hold no archive to delete and are left to the history.
 */

export interface RetentionRule {
  keepLast: number;
  keepDays: number;
}

export interface RetainedRun {
  id: number;
  status: string;
  started_at: string;
}

const DAY = 24 * 60 * 60 * 1000;

/** The ids of the successful backups the rule lets go, oldest first. */
export function backupsToDelete(runs: readonly RetainedRun[], rule: RetentionRule, now: Date): number[] {
  const done = runs
    .filter((run) => run.status === 'done')
    .sort((a, b) => b.started_at.localeCompare(a.started_at) || b.id - a.id);
  const keepLast = Math.max(1, rule.keepLast);
  const youngerThan = now.getTime() - rule.keepDays * DAY;
  return done
    .filter(
      (run, index) => index >= keepLast && !(rule.keepDays > 0 && Date.parse(run.started_at) > youngerThan),
    )
    .map((run) => run.id)
    .reverse();
}
