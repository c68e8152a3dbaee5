import { migrationStatus } from '../../core/db/migrate.js';
import { allMigrationSources, migrate } from '../../lifecycle.js';
import { type CommandRegistration, withRuntime } from '../context.js';

export const migrateCommand: CommandRegistration = (program, io) => {
  program
    .command('migrate')
    .description('apply pending database migrations')
    .option('--status', 'list applied and pending migrations without applying anything')
    .action(async (options: { status?: boolean }) => {
      await withRuntime(
        async (runtime) => {
          if (options.status) {
            const status = await migrationStatus(runtime.database, await allMigrationSources(runtime));
            for (const m of status)
              io.out(
                `${m.appliedAt ? 'applied' : 'pending'}  ${m.name}${m.appliedAt ? `  ${m.appliedAt}` : ''}\n`,
              );
            const pending = status.filter((m) => !m.appliedAt).length;
            io.out(`${status.length - pending} applied, ${pending} pending\n`);
            return;
          }
          const applied = await migrate(runtime);
          io.out(
            applied.length === 0
              ? 'Nothing to migrate: the database is up to date.\n'
              : `Applied ${applied.length} migration(s):\n${applied.map((n) => `  ${n}\n`).join('')}`,
          );
        },
        { migrate: false },
      );
    });
};
