import { searchOf } from '../../modules/search/module.js';
import { type CommandRegistration, siteOf, withRuntime } from '../context.js';

/** `tessera search:reindex`: rebuilds a site's search index from what it has published. */
export const searchCommand: CommandRegistration = (program, io) => {
  program
    .command('search:reindex')
    .description("rebuild a site's search index from its published entries (after a restore, say)")
    .option('--site <domain>', 'the site (default: the first site)')
    .action(async (options: { site?: string }) => {
      await withRuntime(async (runtime) => {
        const site = await siteOf(runtime, options.site);
        const count = await searchOf(runtime).reindex(site);
        io.out(`Indexed ${count} published entries of ${site.primary_domain}.\n`);
      });
    });
};
