/** The backup plugin's words of its domain: permissions, a run of the history, its statuses. */

export const MANAGE = 'backup.manage';
export const VIEW = 'backup.view';

/** The job that takes a backup started from the API, and the schedule's tick. */
export const CREATE_JOB = 'backup.create';
export const SCHEDULE_JOB = 'backup.scheduled';

export type RunStatus = 'running' | 'done' | 'failed';
export type RunTrigger = 'manual' | 'scheduled' | 'safety';

/** One backup in the history, as the API answers it. */
export interface BackupRun {
  id: number;
  name: string;
  status: RunStatus;
  reason: string | null;
  trigger: RunTrigger;
  user_id: number | null;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  size: number | null;
  tables: number | null;
  files: number | null;
  restored_at: string | null;
  restored_by: number | null;
  restore_status: 'done' | 'failed' | null;
  restore_reason: string | null;
}

/**
 * An archive's name: unique in the installation's one folder of backups, made of what
 * `plugin.backups` accepts (lowercase letters, digits, dashes), sorted by time when listed.
 */
export function runName(siteId: number, id: number, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `tessera-${stamp}-${siteId}-${id}`;
}

/** A run left running longer than this (its worker died) is failed, so it blocks no other. */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
