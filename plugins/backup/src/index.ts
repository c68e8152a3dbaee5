import { definePlugin } from '@tessera/plugin';
import { defineMails } from './mail.js';
import { CREATE_JOB, MANAGE, SCHEDULE_JOB, VIEW } from './model.js';
import { lastScheduledStart } from './repo.js';
import { backupRoutes } from './routes.js';
import { backupRuns } from './runs.js';
import { isDue } from './schedule.js';
import { type BackupSettings, checkSettings, DEFAULTS, settingsSchema } from './settings.js';

/**
 * Tessera's backup plugin (issue 43, part 1): backups of the whole installation through
 * `plugin.backups`, started by hand or on a schedule, their history with size, duration and who or
 * what started them, download, delete, the cleanup that keeps what the retention says, and a
 * restore behind a typed confirmation that takes a safety backup first.
 */
export default definePlugin((plugin) => {
  plugin.permissions.register(MANAGE, 'Create, download, delete and restore backups (Super Admins only act)');
  plugin.permissions.register(VIEW, 'See the backups’ history');
  plugin.settings.define(settingsSchema(plugin), DEFAULTS, {
    description: 'When backups are taken on their own, and how many are kept',
    check: checkSettings,
  });
  defineMails(plugin);

  const runs = backupRuns(plugin);
  backupRoutes(plugin, runs);

  plugin.jobs.define(
    CREATE_JOB,
    async (payload, run) => {
      const id = Number((payload as { id?: unknown }).id);
      if (run.operation && Number.isInteger(id)) await runs.runJob(run.operation, id);
    },
    // A failure is recorded on the run and mailed, not retried: the next one is a person's call.
    { maxAttempts: 1, timeoutSeconds: 4 * 60 * 60 },
  );

  // Every five minutes on each site where the plugin is on: a backup when the site's schedule says.
  plugin.jobs.define(
    SCHEDULE_JOB,
    async (_payload, run) => {
      const ctx = run.operation;
      if (!ctx) return;
      const settings = { ...DEFAULTS, ...(await plugin.settings.read<BackupSettings>(ctx)) };
      const last = await lastScheduledStart(plugin.db(ctx));
      if (!isDue(settings.schedule.trim(), last ? new Date(last) : null, new Date())) return;
      try {
        await runs.scheduled(ctx);
      } catch (error) {
        // Another backup is running: this one is skipped, the next tick tries again.
        if ((error as { code?: string }).code === 'backup_running') return;
        throw error;
      }
    },
    { maxAttempts: 1, timeoutSeconds: 4 * 60 * 60 },
  );
  plugin.jobs.schedule(SCHEDULE_JOB, '*/5 * * * *', {}, { perSite: true });
});
