import { DEFAULT_EPOCH_POLL_MS } from '../../core/cache/cache-epoch.js';
import { clearCaches } from '../../core/cache/clear-caches.js';
import { Conflict } from '../../core/errors.js';
import { activatePlugin, deactivatePlugin, installPlugin } from '../../core/plugins/plugin-admin.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import { uninstallPlan, uninstallPlugin } from '../../core/plugins/uninstall.js';
import { allMigrationSources, migrate } from '../../lifecycle.js';
import { type CommandRegistration, READ_ONLY, siteOf, withRuntime } from '../context.js';

const followWithin = `running servers follow within ${Math.ceil(DEFAULT_EPOCH_POLL_MS / 1000)} seconds`;

export const pluginsCommand: CommandRegistration = (program, io) => {
  program
    .command('plugin:install')
    .description(
      'install or upgrade a plugin from a folder or a .tgz (npm pack): checks it, runs its migrations',
    )
    .argument('<source>', 'the plugin folder or archive')
    .action(async (source: string) => {
      await withRuntime(async (runtime) => {
        const report = await installPlugin(runtime, source, await allMigrationSources(runtime));
        io.out(
          report.previousVersion
            ? `Upgraded plugin ${report.name} from ${report.previousVersion} to ${report.version}.\n`
            : `Installed plugin ${report.name} ${report.version} in ${report.folder}.\n`,
        );
        io.out(
          report.migrations.length === 0
            ? 'No migrations to apply.\n'
            : `Applied ${report.migrations.length} migration(s):\n${report.migrations.map((n) => `  ${n}\n`).join('')}`,
        );
        io.out(
          `It loads when each process next starts; activate it with: tessera plugin:activate ${report.name} --site <domain>\n`,
        );
      });
    });

  program
    .command('plugin:list')
    .description(
      'list installed plugins: version, state (loaded or failed, with the reason) and the sites where each is active',
    )
    .action(async () => {
      await withRuntime(async (runtime) => {
        const plugins = pluginsOf(runtime).list();
        if (plugins.length === 0) {
          io.out('No plugins installed.\n');
          return;
        }
        const domains = new Map(
          (await runtime.siteStore.list()).map((site) => [site.id, site.primary_domain]),
        );
        for (const plugin of plugins) {
          const sites = plugin.activeOn.map((id) => domains.get(id) ?? `#${id}`).join(', ') || 'no site';
          io.out(`${plugin.name} ${plugin.version}  ${plugin.state}  active on: ${sites}\n`);
          if (plugin.error) io.out(`  failed to load: ${plugin.error}\n`);
        }
      }, READ_ONLY);
    });

  program
    .command('plugin:activate')
    .description('activate an installed plugin on a site: its routes answer and its hooks run there')
    .argument('<name>', 'the plugin name')
    .requiredOption('--site <domain>', 'a domain of the site')
    .action(async (name: string, options: { site: string }) => {
      await withRuntime(async (runtime) => {
        const site = await siteOf(runtime, options.site);
        const changed = await activatePlugin(runtime, name, site);
        io.out(
          changed
            ? `Activated ${name} on ${site.primary_domain}; ${followWithin}.\n`
            : `${name} was already active on ${site.primary_domain}.\n`,
        );
      });
    });

  program
    .command('plugin:deactivate')
    .description('deactivate a plugin on a site; its data stays')
    .argument('<name>', 'the plugin name')
    .requiredOption('--site <domain>', 'a domain of the site')
    .action(async (name: string, options: { site: string }) => {
      await withRuntime(async (runtime) => {
        const site = await siteOf(runtime, options.site);
        const changed = await deactivatePlugin(runtime, name, site);
        io.out(
          changed
            ? `Deactivated ${name} on ${site.primary_domain}; ${followWithin}.\n`
            : `${name} was not active on ${site.primary_domain}.\n`,
        );
      });
    });

  program
    .command('plugin:uninstall')
    .description(
      "remove a plugin and everything of it: its tables, settings, fields in entries, role grants, schedules and installed copy (its content types stay, as the sites' own)",
    )
    .argument('<name>', 'the plugin name')
    .option('--yes', 'remove it; without, only say what would be removed')
    .action(async (name: string, options: { yes?: boolean }) => {
      await withRuntime(async (runtime) => {
        const plan = await uninstallPlan(runtime, name);
        io.out(`Uninstalling ${name} removes:\n${plan.map((line) => `  ${line}\n`).join('')}`);
        if (!options.yes)
          throw new Conflict(
            `Nothing was removed: run again with --yes to remove it (tessera plugin:uninstall ${name} --yes).`,
            'confirmation_required',
          );
        await uninstallPlugin(runtime, name);
        io.out(`Uninstalled ${name}; ${followWithin}.\n`);
      });
    });

  program
    .command('update')
    .description(
      'after upgrading Tessera or a plugin: apply pending migrations of the core and plugins, and clear caches',
    )
    .action(async () => {
      await withRuntime(
        async (runtime) => {
          const applied = await migrate(runtime);
          io.out(
            applied.length === 0
              ? 'Migrations: the database is up to date.\n'
              : `Applied ${applied.length} migration(s):\n${applied.map((n) => `  ${n}\n`).join('')}`,
          );
          const report = await clearCaches(runtime);
          io.out(`Caches cleared (epoch ${report.epoch}); ${followWithin}.\n`);
        },
        { migrate: false },
      );
    });
};
