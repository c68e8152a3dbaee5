import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

let entry: Promise<string> | null = null;

/**
 * The worker process's entry: from dist, the compiled file beside this one. From the sources
 * (Vitest, or the launcher when dist is stale) it is TypeScript, bundled here once per server
 * process with esbuild rather than run through tsx: loading tsx added half a second (1.5 s on a busy
 * machine) and 15 MiB to every new worker. The bundle is written where its one package import,
 * sharp, resolves from (a cache folder in sharp's node_modules), under a name from its contents,
 * renamed into place so that test processes writing it at once never read half of it.
 */
export function workerEntry(): Promise<string> {
  entry ??= findWorkerEntry().catch((error: unknown) => {
    entry = null;
    throw error;
  });
  return entry;
}

async function findWorkerEntry(): Promise<string> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return fileURLToPath(new URL('./image-worker-main.js', here));
  const { build, stop } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./image-worker-main.ts', here))],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  });
  // Its service process would otherwise stay beside the server's (12 MiB) for nothing.
  await stop();
  const code = outputFiles[0]?.text ?? '';
  const sharp = createRequire(here).resolve('sharp');
  const modules = sharp.slice(0, sharp.lastIndexOf(`${sep}node_modules${sep}`) + `${sep}node_modules`.length);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const path = join(modules, '.cache', 'tessera-image-worker', `main-${hash}.mjs`);
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}`;
  await writeFile(partial, code);
  await rename(partial, path);
  return path;
}
