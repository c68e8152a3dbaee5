import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { BACKUP_FAILED, RESTORE_DONE } from './mail.js';
import { type BackupRun, CREATE_JOB, type RunTrigger, runName, STALE_AFTER_MS } from './model.js';
import {
  allRows,
  type BackupDb,
  type BackupTables,
  deleteRun,
  findRun,
  finishRun,
  insertRun,
  listRuns,
  nextRunId,
  recordRestore,
  replaceRows,
  runningRun,
} from './repo.js';
import { backupsToDelete } from './retention.js';
import { type BackupSettings, DEFAULTS } from './settings.js';

/**
 * The history's work: starting a backup (as a job, or at once for the safety backup before a
 * restore), its end and the cleanup after it, a restore with its outcome, and deleting a backup.
 * Every archive goes through `plugin.backups`, which refuses anyone but a Super Admin or the system.
 */
export function backupRuns(plugin: PluginContext) {
  const db = (ctx: PluginOperation): BackupDb => plugin.db<BackupTables>(ctx);
  const errors = plugin.errors;

  /**
   * Asks `plugin.backups` for an archive and lets it go unread: it answers only a Super Admin (or the
   * system), so a route that queues work refuses anyone else at once rather than in the job.
   */
  async function archiveExists(ctx: PluginOperation, name: string): Promise<boolean> {
    const found = await plugin.backups.read(ctx, name);
    if (!found) return false;
    await found.body[Symbol.asyncIterator]().return?.();
    return true;
  }

  /** A new running run, refused while another runs on the site (one left by a dead worker is failed first). */
  async function open(ctx: PluginOperation, trigger: RunTrigger): Promise<BackupRun> {
    return ctx.transaction(async (tx) => {
      const running = await runningRun(db(tx));
      if (running && Date.now() - Date.parse(running.started_at) > STALE_AFTER_MS)
        await finishRun(
          db(tx),
          running.id,
          { status: 'failed', reason: 'Interrupted: it never finished.' },
          running.started_at,
        );
      else if (running)
        throw new errors.Conflict(
          `Backup ${running.name} is running; wait for it to finish.`,
          'backup_running',
        );
      const id = await nextRunId(db(tx));
      const at = new Date();
      const name = runName(tx.site.id, id, at);
      await insertRun(db(tx), { id, name, trigger, userId: tx.actor.userId, at: at.toISOString() });
      return (await findRun(db(tx), id)) as BackupRun;
    });
  }

  /** Takes the run's backup now, records how it ended, and cleans up after a success. */
  async function take(
    ctx: PluginOperation,
    run: BackupRun,
    protect: number | null = null,
  ): Promise<BackupRun> {
    try {
      const { manifest, size } = await plugin.backups.create(ctx, run.name);
      await finishRun(
        db(ctx),
        run.id,
        { status: 'done', size, tables: manifest.tables.length, files: manifest.files.length },
        run.started_at,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      ctx.log.error({ err: error, backup: run.name }, 'backup failed');
      await finishRun(db(ctx), run.id, { status: 'failed', reason }, run.started_at);
      await plugin.mail.send(ctx, BACKUP_FAILED, {
        to: 'administrators',
        variables: { backup: { name: run.name, reason, trigger: run.trigger } },
      });
      return (await findRun(db(ctx), run.id)) as BackupRun;
    }
    await cleanup(ctx, protect);
    return (await findRun(db(ctx), run.id)) as BackupRun;
  }

  /** Deletes the backups the site's retention lets go (never `protect`, never the newest good one). */
  async function cleanup(ctx: PluginOperation, protect: number | null): Promise<void> {
    const settings = { ...DEFAULTS, ...(await plugin.settings.read<BackupSettings>(ctx)) };
    const runs = await listRuns(db(ctx));
    const doomed = backupsToDelete(
      runs,
      { keepLast: settings.keep_last, keepDays: settings.keep_days },
      new Date(),
    );
    for (const id of doomed) {
      if (id === protect) continue;
      const run = runs.find((candidate) => candidate.id === id);
      if (!run) continue;
      await plugin.backups.delete(ctx, run.name);
      await deleteRun(db(ctx), id);
      ctx.log.info({ backup: run.name }, 'backup deleted by the retention rule');
    }
  }

  return {
    list: (ctx: PluginOperation) => listRuns(db(ctx)),

    async get(ctx: PluginOperation, id: number): Promise<BackupRun> {
      const run = await findRun(db(ctx), id);
      if (!run) throw new errors.NotFound('Backup');
      return run;
    },

    /** POST /backups: a Super Admin's manual backup, queued; answers the running run. */
    async start(ctx: PluginOperation): Promise<BackupRun> {
      await archiveExists(ctx, 'tessera-check');
      const run = await open(ctx, 'manual');
      await ctx.jobs.enqueue(CREATE_JOB, { id: run.id });
      return run;
    },

    /** The scheduled tick's backup, on the job's own operation (the system). */
    async scheduled(ctx: PluginOperation): Promise<BackupRun> {
      return take(ctx, await open(ctx, 'scheduled'));
    },

    /** The create job: safe to run again (a run no longer running is left as it is). */
    async runJob(ctx: PluginOperation, id: number): Promise<void> {
      const run = await findRun(db(ctx), id);
      if (run?.status === 'running') await take(ctx, run);
    },

    async download(ctx: PluginOperation, id: number) {
      const run = await this.get(ctx, id);
      const archive = run.status === 'done' ? await plugin.backups.read(ctx, run.name) : null;
      if (!archive) throw new errors.NotFound('Backup archive');
      return { run, archive };
    },

    async remove(ctx: PluginOperation, id: number): Promise<void> {
      const run = await this.get(ctx, id);
      if (run.status === 'running')
        throw new errors.Conflict(
          'A running backup cannot be deleted; wait for it to finish.',
          'backup_running',
        );
      await plugin.backups.delete(ctx, run.name);
      await deleteRun(db(ctx), id);
    },

    /**
     * Puts the installation back as the backup holds it, after a safety backup of what is there now.
     * The restore rolls back every table, this history too; the history as it stands is held here and
     * written back over it, since it describes the archives on disk, which a restore leaves alone.
     */
    async restore(ctx: PluginOperation, id: number, confirm: string): Promise<BackupRun> {
      const run = await this.get(ctx, id);
      if (run.status !== 'done')
        throw new errors.Conflict('Only a backup that finished can be restored.', 'backup_not_done');
      if (confirm !== run.name)
        throw errors.ValidationFailed.field('confirm', `Type the backup's name, ${run.name}, to confirm.`);
      if (!(await archiveExists(ctx, run.name)))
        throw new errors.Conflict('This backup’s archive is no longer there.', 'backup_archive_missing');
      const safety = await take(ctx, await open(ctx, 'safety'), run.id);
      if (safety.status !== 'done')
        throw new errors.Conflict(
          `The safety backup failed (${safety.reason}); nothing was restored.`,
          'backup_safety_failed',
        );
      const history = await allRows(db(ctx));
      const userId = ctx.actor.userId;
      try {
        await plugin.backups.restore(ctx, run.name);
      } catch (error) {
        // A failed restore changed nothing: the history is still the one held.
        const reason = error instanceof Error ? error.message : String(error);
        await recordRestore(db(ctx), run.id, { userId, status: 'failed', reason });
        throw error;
      }
      await ctx.transaction(async (tx) => {
        await replaceRows(db(tx), history);
        await recordRestore(db(tx), run.id, { userId, status: 'done', reason: null });
        await plugin.mail.send(tx, RESTORE_DONE, {
          to: 'administrators',
          variables: {
            backup: { name: run.name, started_at: run.started_at },
            safety: { name: safety.name },
          },
        });
      });
      ctx.log.info({ backup: run.name, safety: safety.name }, 'installation restored');
      return this.get(ctx, run.id);
    },
  };
}

export type BackupRuns = ReturnType<typeof backupRuns>;
