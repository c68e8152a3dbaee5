import { InvalidArgumentError } from 'commander';
import { systemOperation } from '../../modules/identity/actor.js';
import { ProfileService } from '../../modules/identity/profile/service.js';
import { UsersService } from '../../modules/identity/users/service.js';
import { CliFailure, type CommandRegistration, siteOf, withRuntime } from '../context.js';

interface UserCreateOptions {
  email: string;
  name: string;
  role: string;
  site?: string;
  password?: string;
}

interface TokenCreateOptions {
  email: string;
  name: string;
  expiresIn?: number;
  site?: string;
  installationWide?: boolean;
}

/**
 * `tessera user:create` and `tessera token:create`: operator commands over the same services as
 * /api/users and /api/me/tokens, acting as the system (activity rows name no user).
 */
export const usersCommand: CommandRegistration = (program, io) => {
  program
    .command('user:create')
    .description('create a user with a role on a site (role super_admin makes a Super Admin of every site)')
    .requiredOption('--email <email>', 'email address, unique across the installation')
    .requiredOption('--name <name>', 'display name')
    .requiredOption(
      '--role <slug>',
      'role slug: super_admin, admin, editor, author, contributor or a custom one',
    )
    .option('--site <domain>', 'a domain of the site (default: the oldest site)')
    // A flag shows in the shell's history and the process list; the variable does not.
    .option('--password <password>', 'password (at least 10 characters); default: $TESSERA_USER_PASSWORD')
    .action(async (options: UserCreateOptions) => {
      await withRuntime(async (runtime) => {
        // Through the configuration, so a TESSERA_USER_PASSWORD in .env counts like one in the environment.
        const password = options.password ?? runtime.config.userPassword;
        if (!password) throw new CliFailure('No password: pass --password or set TESSERA_USER_PASSWORD.');
        const site = await siteOf(runtime, options.site);
        const user = await new UsersService(runtime).create(systemOperation(runtime, site), {
          email: options.email,
          display_name: options.name,
          password,
          role: options.role,
        });
        io.out(
          `Created user ${user.email} (id ${user.id}) with role ${user.role?.slug ?? options.role} on ${site.primary_domain}.\n`,
        );
      });
    });

  program
    .command('token:create')
    .description('create an API token for a user and print only the token (for scripts)')
    .requiredOption('--email <email>', "the token owner's email")
    .requiredOption('--name <name>', 'a name to tell the token apart')
    .option('--expires-in <duration>', 'lifetime such as 30d or 12h (default: never expires)', parseDuration)
    .option(
      '--site <domain>',
      'a domain of the site the token works on, whose permissions bound it (default: the oldest site)',
    )
    .option('--installation-wide', 'the token works on every site (the owner must be a Super Admin)')
    .action(async (options: TokenCreateOptions) => {
      await withRuntime(async (runtime) => {
        const site = await siteOf(runtime, options.site);
        const ctx = systemOperation(runtime, site);
        const owner = await new UsersService(runtime).getByEmail(ctx, options.email);
        const expiresAt =
          options.expiresIn === undefined ? null : new Date(Date.now() + options.expiresIn).toISOString();
        const { token } = await new ProfileService(runtime).createTokenFor(ctx, owner.id, {
          name: options.name,
          expires_at: expiresAt,
          installation_wide: options.installationWide === true,
        });
        io.out(`${token}\n`);
      });
    });
};

const UNIT_MS: Record<string, number> = { h: 3_600_000, d: 86_400_000 };

/** "30d" or "12h" to milliseconds. */
export function parseDuration(value: string): number {
  const match = /^(\d{1,5})([dh])$/.exec(value.trim());
  const amount = Number(match?.[1]);
  const unit = UNIT_MS[match?.[2] ?? ''];
  if (!match || unit === undefined || amount < 1)
    throw new InvalidArgumentError('Use a number of days or hours, such as 30d or 12h.');
  return amount * unit;
}
