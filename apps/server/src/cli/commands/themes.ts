import { DEFAULT_EPOCH_POLL_MS } from '../../core/cache/cache-epoch.js';
import { activateTheme, installTheme, themesOf } from '../../modules/public/themes/admin.js';
import { type CommandRegistration, READ_ONLY, siteOf, withRuntime } from '../context.js';

const followWithin = `running servers follow within ${Math.ceil(DEFAULT_EPOCH_POLL_MS / 1000)} seconds`;

export const themesCommand: CommandRegistration = (program, io) => {
  program
    .command('theme:install')
    .description('install or upgrade a theme from a folder or a .tgz (npm pack): checks that it loads')
    .argument('<source>', 'the theme folder or archive')
    .action(async (source: string) => {
      await withRuntime(async (runtime) => {
        const report = await installTheme(runtime, source);
        io.out(
          report.previousVersion
            ? `Upgraded theme ${report.name} from ${report.previousVersion} to ${report.version}; ${followWithin}.\n`
            : `Installed theme ${report.name} ${report.version} in ${report.folder}.\n`,
        );
        io.out(`Use it on a site with: tessera theme:activate ${report.name} --site <domain>\n`);
      });
    });

  program
    .command('theme:list')
    .description('list the themes: version, the sites using each, and why a package cannot be used')
    .action(async () => {
      await withRuntime(async (runtime) => {
        const sites = await runtime.siteStore.list();
        for (const theme of themesOf(runtime).list()) {
          const users = sites.filter((site) => site.theme === theme.name).map((site) => site.primary_domain);
          io.out(
            `${theme.name} ${theme.manifest?.version ?? '?'}  ${theme.manifest?.title ?? ''}  used by: ${users.join(', ') || 'no site'}\n`,
          );
          if (theme.error) io.out(`  cannot be used: ${theme.error}\n`);
        }
      }, READ_ONLY);
    });

  program
    .command('theme:activate')
    .description("make a theme the site's theme: every page is rendered anew with it")
    .argument('<name>', 'the theme name (`default` for the built-in one)')
    .requiredOption('--site <domain>', 'a domain of the site')
    .action(async (name: string, options: { site: string }) => {
      await withRuntime(async (runtime) => {
        const site = await siteOf(runtime, options.site);
        await activateTheme(runtime, site, name);
        io.out(`${site.primary_domain} now uses the theme ${name}; ${followWithin}.\n`);
      });
    });
};
