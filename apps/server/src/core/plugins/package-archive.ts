import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ValidationFailed } from '../errors.js';

const run = promisify(execFile);

/**
 * A plugin's or theme's package as a folder: the folder itself, or a .tgz (npm pack) unpacked into a
 * temporary folder that `cleanup` removes.
 */
export async function unpackPackage(
  source: string,
  kind: 'plugin' | 'theme',
): Promise<{ folder: string; cleanup: () => Promise<void> }> {
  if (!existsSync(source)) throw ValidationFailed.field('source', `No such file or folder: ${source}.`);
  if (statSync(source).isDirectory()) return { folder: source, cleanup: async () => {} };
  if (!/\.(tgz|tar\.gz)$/.test(source))
    throw ValidationFailed.field('source', `Must be a ${kind} folder or a .tgz archive (npm pack).`);
  const dir = await mkdtemp(join(tmpdir(), `tessera-${kind}-`));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    // --no-same-owner and no absolute names: an archive cannot write outside the folder.
    await run('tar', ['-xzf', source, '-C', dir, '--no-same-owner']);
  } catch {
    await cleanup();
    throw ValidationFailed.field('source', 'The archive could not be unpacked.');
  }
  // npm pack puts everything under package/.
  const folder = existsSync(join(dir, 'package', 'package.json')) ? join(dir, 'package') : dir;
  return { folder, cleanup };
}
