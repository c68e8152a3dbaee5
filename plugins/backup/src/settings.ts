import type { PluginContext } from '@tessera/plugin';
import { scheduleProblem } from './schedule.js';

/** The settings group `backup`, per site: when scheduled backups run, and how many are kept. */
export interface BackupSettings {
  schedule: string;
  keep_last: number;
  keep_days: number;
}

export const DEFAULTS: BackupSettings = { schedule: 'off', keep_last: 7, keep_days: 0 };

export function settingsSchema(plugin: PluginContext) {
  const T = plugin.schema;
  return T.Object(
    {
      schedule: T.String({
        minLength: 1,
        maxLength: 100,
        title: 'Schedule',
        description:
          'off, daily (03:00 UTC), weekly (Sunday 03:00 UTC), or a cron expression in UTC such as "30 2 * * 1-5".',
      }),
      keep_last: T.Integer({
        minimum: 1,
        maximum: 1000,
        title: 'Keep the last',
        description: 'Successful backups kept, newest first; the newest one is never deleted.',
      }),
      keep_days: T.Integer({
        minimum: 0,
        maximum: 3650,
        title: 'Keep for days',
        description: 'Also keep every backup younger than this many days (0: only the count above).',
      }),
    },
    { title: 'Backups', additionalProperties: false },
  );
}

/** What the schema cannot say: whether the schedule is one the plugin understands. */
export function checkSettings(values: BackupSettings): Record<string, string> {
  const problem = scheduleProblem(values.schedule.trim());
  return problem ? { schedule: problem } : {};
}
