import { NotFound } from '../../core/errors.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { systemOperation } from '../../modules/identity/actor.js';
import { SitesService } from '../../modules/sites/service-sites.js';
import { CliFailure, type CliIo, type CommandRegistration, withRuntime } from '../context.js';

interface SiteCreateOptions {
  name: string;
  domain: string;
  alias: string[];
  locale?: string;
  handle?: string;
}

/**
 * `tessera site:create`, `site:list`, `site:disable` and `site:enable`: the sites API's service,
 * acting as the system (activity rows name no user).
 */
export const sitesCommand: CommandRegistration = (program, io) => {
  program
    .command('site:create')
    .description('create a site with the default roles, settings and theme')
    .requiredOption('--name <name>', 'name of the site')
    .requiredOption('--domain <host>', 'host name the site answers on, e.g. example.com')
    .option('--alias <host>', 'a further host name (repeat for several)', collect, [])
    .option('--locale <code>', 'default locale of the site (default: en)')
    .option('--handle <handle>', 'label for <handle>.<BASE_DOMAIN> (default: from the name)')
    .action(async (options: SiteCreateOptions) => {
      await asSystem(async (sites, ctx) => {
        const site = await sites.create(ctx, {
          name: options.name,
          domain: options.domain,
          aliases: options.alias,
          default_locale: options.locale,
          handle: options.handle,
        });
        io.out(`Created site "${site.name}" (id ${site.id}, handle ${site.handle}) on ${hostsOf(site)}.\n`);
      });
    });

  program
    .command('site:list')
    .description('list every site with its id, handle, status and host names')
    .action(async () => {
      await asSystem(async (sites, ctx) => {
        const { items } = await sites.list(ctx, 1, Number.MAX_SAFE_INTEGER);
        printTable(io, [
          ['ID', 'HANDLE', 'STATUS', 'NAME', 'HOSTS'],
          ...items.map((site) => [
            String(site.id),
            site.handle,
            site.enabled ? 'enabled' : 'disabled',
            site.name,
            hostsOf(site),
          ]),
        ]);
      });
    });

  for (const [verb, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    program
      .command(`site:${verb}`)
      .description(
        enabled
          ? 'enable a disabled site: its hosts answer again'
          : 'disable a site: its hosts answer 404, its data stays',
      )
      .requiredOption('--site <domain or id>', 'a domain or alias of the site, or its id')
      .action(async (options: { site: string }) => {
        await asSystem(async (sites, ctx) => {
          const target = await findSite(sites, ctx, options.site);
          const site = await sites.setEnabled(ctx, target.id, enabled);
          io.out(
            enabled
              ? `Enabled site "${site.name}" (id ${site.id}): ${hostsOf(site)} answer again.\n`
              : `Disabled site "${site.name}" (id ${site.id}): ${hostsOf(site)} now answer 404; its data stays.\n`,
          );
        });
      });
  }
};

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Runs `work` as the system, which needs some site to stand on: any one, since Super Admin spans all. */
async function asSystem(work: (sites: SitesService, ctx: OperationContext) => Promise<void>): Promise<void> {
  await withRuntime(async (runtime: Runtime) => {
    const [anchor] = await runtime.siteStore.page(0, 1);
    if (!anchor) throw new CliFailure('Tessera is not installed: run tessera install first.');
    await work(new SitesService(runtime), systemOperation(runtime, anchor));
  });
}

async function findSite(sites: SitesService, ctx: OperationContext, reference: string): Promise<Site> {
  const trimmed = reference.trim();
  try {
    return /^\d{1,10}$/.test(trimmed)
      ? await sites.get(ctx, Number(trimmed))
      : await sites.getByDomain(ctx, trimmed);
  } catch (error) {
    if (error instanceof NotFound)
      throw new CliFailure(`No site ${/^\d+$/.test(trimmed) ? 'has the id' : 'answers on'} ${trimmed}.`);
    throw error;
  }
}

function hostsOf(site: Site): string {
  return [site.primary_domain, ...site.aliases].join(', ');
}

function printTable(io: CliIo, rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) {
    io.out(
      `${row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd()}\n`,
    );
  }
}
