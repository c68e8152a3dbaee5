import { install } from '../../modules/sites/service-install.js';
import { type CommandRegistration, withRuntime } from '../context.js';

interface InstallOptions {
  siteName: string;
  domain: string;
  adminEmail: string;
  adminPassword: string;
  adminName?: string;
  locale?: string;
}

export const installCommand: CommandRegistration = (program, io) => {
  program
    .command('install')
    .description(
      'install Tessera without prompts: the first site and its Super Admin (refused once installed)',
    )
    .requiredOption('--site-name <name>', 'name of the first site')
    .requiredOption('--domain <host>', 'host name the site answers on, e.g. example.com')
    .requiredOption('--admin-email <email>', "the Super Admin's email address")
    // A flag shows in the shell's history and process list; TESSERA_ADMIN_* at first start avoids that.
    .requiredOption('--admin-password <password>', "the Super Admin's password (at least 10 characters)")
    .option('--admin-name <name>', "the Super Admin's display name (default: the email's local part)")
    .option('--locale <code>', 'default locale of the site', 'en')
    .action(async (options: InstallOptions) => {
      await withRuntime(async (runtime) => {
        const { site, admin } = await install(
          runtime,
          {
            siteName: options.siteName,
            domain: options.domain,
            adminEmail: options.adminEmail,
            adminPassword: options.adminPassword,
            adminName: options.adminName,
            locale: options.locale,
          },
          { via: 'cli', ip: null },
        );
        io.out(`Installed Tessera: site "${site.name}" (id ${site.id}) on ${site.primary_domain}.\n`);
        io.out(`Super Admin: ${admin.email} (id ${admin.id}). Sign in at the site's /admin.\n`);
      });
    });
};
