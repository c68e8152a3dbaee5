import { readFile, writeFile } from 'node:fs/promises';
import { systemActorOn } from '../../core/access/actor.js';
import { operationContext } from '../../core/operation/operation-context.js';
import { contentOf } from '../../modules/content/content.js';
import { exportContent } from '../../modules/content/transfer/export.js';
import { importContent } from '../../modules/content/transfer/import.js';
import { mediaOf } from '../../modules/media/module.js';
import { exportMedia, importMedia } from '../../modules/media/transfer.js';
import {
  CliFailure,
  type CliIo,
  type CommandRegistration,
  READ_ONLY,
  siteOf,
  withRuntime,
} from '../context.js';

/**
 * `tessera export` and `tessera import`: a site's content as one versioned JSON file
 * (docs/content-export.md), written and read through the content services as the system.
 */
export const contentCommand: CommandRegistration = (program, io) => {
  program
    .command('export')
    .description("write a site's content (types, taxonomies, entries) to a JSON file")
    .requiredOption('--out <file>', 'the file to write')
    .option('--site <domain>', 'the site (default: the first site)')
    .option('--revisions', 'include every revision of every entry')
    .option('--media-dir <dir>', 'where the media files go (default: beside the file, <name>-media)')
    .action(async (options: { out: string; site?: string; revisions?: boolean; mediaDir?: string }) => {
      await withRuntime(async (runtime) => {
        const site = await siteOf(runtime, options.site);
        const ctx = operationContext(runtime, systemActorOn(site, runtime.permissions));
        const progress = progressBar(io, 'Exporting');
        const file = await exportContent(runtime, ctx, contentOf(runtime).types, {
          revisions: options.revisions ?? false,
          onProgress: progress.update,
        });
        progress.done();
        const mediaDir = options.mediaDir ?? mediaDirOf(options.out);
        const media = await exportMedia(runtime, ctx, mediaDir);
        if (media.items.length > 0 || media.folders.length > 0) file.media = media;
        await writeFile(options.out, `${JSON.stringify(file, null, 2)}\n`);
        io.out(
          `Exported ${file.entries.length} entries, ${file.content_types.length} content types and ${file.terms.length} terms of ${site.primary_domain} to ${options.out}` +
            (media.items.length > 0 ? `, and ${media.items.length} media files to ${mediaDir}.\n` : '.\n'),
        );
      }, READ_ONLY);
    });

  program
    .command('import <file>')
    .description(
      'read an export into a site that has no entries yet; nothing is written if the file does not fit',
    )
    .option('--site <domain>', 'the site (default: the first site)')
    .option('--media-dir <dir>', 'where the media files are (default: beside the file, <name>-media)')
    .action(async (path: string, options: { site?: string; mediaDir?: string }) => {
      let input: unknown;
      try {
        input = JSON.parse(await readFile(path, 'utf8'));
      } catch (error) {
        throw new CliFailure(
          `Cannot read ${path} as JSON: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await withRuntime(async (runtime) => {
        const site = await siteOf(runtime, options.site);
        const ctx = operationContext(runtime, systemActorOn(site, runtime.permissions));
        const content = contentOf(runtime);
        const progress = progressBar(io, 'Importing');
        const section = (input as { media?: unknown } | null)?.media;
        const { media, folders } = mediaOf(runtime);
        // Media first, so the content's media ids can be mapped; taken back if the content fails.
        const imported = section
          ? await importMedia(ctx, media, folders, section, options.mediaDir ?? mediaDirOf(path))
          : null;
        let report: Awaited<ReturnType<typeof importContent>>;
        try {
          report = await importContent(
            runtime,
            ctx,
            content,
            input,
            progress.update,
            imported ? (id) => imported.ids.get(id) : undefined,
          );
        } catch (error) {
          await imported?.undo();
          throw error;
        }
        progress.done();
        io.out(
          `Imported ${report.entries} entries (${report.revisions} revisions), ${report.content_types} content types, ${report.taxonomies} taxonomies and ${report.terms} terms` +
            (imported ? `, and ${imported.ids.size} media files` : '') +
            ` into ${site.primary_domain}.\n`,
        );
      });
    });
};

/** `site.json` keeps its media files in `site-media/` beside it. */
function mediaDirOf(file: string): string {
  return `${file.replace(/\.json$/i, '')}-media`;
}

/** A progress bar on a terminal (stderr), nothing when output is piped or in tests. */
function progressBar(io: CliIo, label: string) {
  const tty = process.stderr.isTTY === true;
  let last = -1;
  return {
    update: (done: number, total: number) => {
      if (!tty || total === 0) return;
      const percent = Math.floor((done / total) * 100);
      if (percent === last) return;
      last = percent;
      const width = 30;
      const filled = Math.round((percent / 100) * width);
      io.err(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent}% (${done}/${total})`,
      );
    },
    done: () => {
      if (tty && last >= 0) io.err('\n');
    },
  };
}
