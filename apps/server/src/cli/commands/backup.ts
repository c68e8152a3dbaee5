import { join, resolve } from 'node:path';
import { createBackup, restoreBackup } from '../../core/backup/backup.js';
import { CliFailure, type CommandRegistration, READ_ONLY, withRuntime } from '../context.js';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * `tessera backup:create` and `backup:restore`: the whole installation into one archive and back
 * (core/backup; the backup plugin schedules, keeps a history and restores from the admin).
 */
export const backupCommand: CommandRegistration = (program, io) => {
  program
    .command('backup:create [file]')
    .description(
      'write the whole installation (every table at one point in time, the media and plugin files) to a .tar.gz',
    )
    .action(async (file: string | undefined) => {
      await withRuntime(async (runtime) => {
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const path = resolve(file ?? join(runtime.config.dataDir, 'backups', `backup-${stamp}.tar.gz`));
        const manifest = await createBackup(runtime, path);
        const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
        const bytes = manifest.files.reduce((sum, stored) => sum + stored.size, 0);
        io.out(
          `Backed up ${rows} rows of ${manifest.tables.length} tables and ${manifest.files.length} files (${mib(bytes)}) in ${manifest.duration_ms} ms to ${path}.\n`,
        );
        if (manifest.missing_files.length > 0)
          io.out(
            `${manifest.missing_files.length} referenced files were gone from the store: listed in the manifest.\n`,
          );
      }, READ_ONLY);
    });

  program
    .command('backup:restore <file>')
    .description('replace the whole installation with a backup (checked first; nothing changes if it fails)')
    .option('--yes', 'confirm that everything now in this installation is replaced')
    .action(async (file: string, options: { yes?: boolean }) => {
      if (!options.yes)
        throw new CliFailure('A restore replaces everything in this installation: run it again with --yes.');
      await withRuntime(async (runtime) => {
        const manifest = await restoreBackup(runtime, resolve(file));
        const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
        io.out(
          `Restored ${rows} rows of ${manifest.tables.length} tables and ${manifest.files.length} files from the backup of ${manifest.created_at} (Tessera ${manifest.tessera}, ${manifest.engine}). The search index is rebuilt by the job queue.\n`,
        );
      });
    });
};
