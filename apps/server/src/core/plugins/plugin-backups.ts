import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PluginBackups } from '@tessera/plugin';
import { createBackup, restoreBackup } from '../backup/backup.js';
import { Forbidden } from '../errors.js';
import type { OperationContext } from '../operation/operation-context.js';
import type { Runtime } from '../runtime.js';

const NAME = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * `plugin.backups`: the installation's backups (core/backup) for the backup plugin, kept in
 * `DATA_DIR/backups`. A whole installation is a Super Admin's to copy or replace, whatever
 * permission the plugin's own route checked.
 */
export function pluginBackups(runtime: Runtime): PluginBackups {
  const folder = join(runtime.config.dataDir, 'backups');
  const archive = (ctx: OperationContext, name: string): string => {
    if (!ctx.actor.access.isSuperAdmin)
      throw new Forbidden('Only a Super Admin may back up or restore the installation.');
    if (typeof name !== 'string' || !NAME.test(name))
      throw new Error(
        `backups: "${String(name).slice(0, 120)}" is not a name of lowercase letters, digits and dashes`,
      );
    return join(folder, `${name}.tar.gz`);
  };
  return Object.freeze({
    async create(ctx: OperationContext, name: string) {
      const path = archive(ctx, name);
      // Written beside its final name and renamed, so a backup being written is never listed whole.
      const partial = `${path}.partial`;
      try {
        const manifest = await createBackup(runtime, partial);
        await rename(partial, path);
        return { manifest, size: (await stat(path)).size };
      } finally {
        await rm(partial, { force: true });
      }
    },
    restore: (ctx: OperationContext, name: string) => restoreBackup(runtime, archive(ctx, name)),
    async read(ctx: OperationContext, name: string) {
      const path = archive(ctx, name);
      const found = await stat(path).catch(() => null);
      return found?.isFile() ? { body: createReadStream(path), size: found.size } : null;
    },
    async save(ctx: OperationContext, name: string, body: AsyncIterable<Uint8Array>) {
      const path = archive(ctx, name);
      await mkdir(folder, { recursive: true });
      const partial = `${path}.partial`;
      try {
        await pipeline(Readable.from(body), createWriteStream(partial));
        await rename(partial, path);
      } finally {
        await rm(partial, { force: true });
      }
      return { size: (await stat(path)).size };
    },
    async delete(ctx: OperationContext, name: string) {
      await rm(archive(ctx, name), { force: true });
    },
  }) as PluginBackups;
}
