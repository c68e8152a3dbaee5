import { createHash, randomBytes } from 'node:crypto';
import type { PluginFiles, PluginStoredFile } from '@tessera/plugin';
import { inOpenTransaction } from '../db/transaction-routing.js';
import type { OperationContext } from '../operation/operation-context.js';
import type { FileStorage } from '../storage/storage.js';

/**
 * `plugin.files`: a plugin's private files in the installation's storage, under
 * `<site>/plugins/<area>/<yyyy>/<mm>/<random>`. The media routes serve only `<site>/<yyyy>/<mm>/...`,
 * so nothing here has a public address; a key read or deleted must be this plugin's on the
 * operation's site, whatever a table of the plugin holds.
 */
export function pluginFiles(storage: FileStorage, area: string): PluginFiles {
  const prefix = (siteId: number) => `${siteId}/plugins/${area.replaceAll('_', '-')}/`;
  const owned = (ctx: OperationContext, key: string) =>
    typeof key === 'string' && key.startsWith(prefix(ctx.site.id)) && !key.includes('..');
  return Object.freeze({
    async save(
      ctx: OperationContext,
      file: { bytes: Uint8Array; contentType: string },
    ): Promise<PluginStoredFile> {
      if (!(file?.bytes instanceof Uint8Array))
        throw new Error('plugin.files.save needs the bytes (a Uint8Array)');
      const now = new Date();
      const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const key = `${prefix(ctx.site.id)}${month}/${randomBytes(16).toString('hex')}`;
      const type = /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(file.contentType)
        ? file.contentType
        : 'application/octet-stream';
      await storage.put(key, { bytes: file.bytes }, type);
      return {
        key,
        size: file.bytes.byteLength,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      };
    },
    async read(ctx: OperationContext, key: string) {
      if (!owned(ctx, key)) return null;
      const found = await storage.get(key);
      return found && { body: found.body, size: found.size };
    },
    async delete(ctx: OperationContext, keys: readonly string[]) {
      const foreign = keys.find((key) => !owned(ctx, key));
      if (foreign !== undefined) throw new Error(`plugin ${area} may not delete "${foreign}"`);
      if (keys.length === 0) return;
      const remove = () => storage.delete([...keys]);
      // A deletion rolled back keeps its files: they go once the change is final.
      if (inOpenTransaction()) ctx.afterCommit(remove);
      else await remove();
    },
  }) as PluginFiles;
}
