#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=4 --heap-growing-percent=50
// --max-semi-space-size=4 (MiB): V8's default young generation grows to 16 MiB semi-spaces under
// load, which npm run bench measured at 210 MiB peak RSS against 182 MiB with 4, at the same
// request rates. V8 reads it only at start, hence the shebang (env -S passes the flag).
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena, and libvips's
// threads (image uploads) leave each one holding freed memory: a 12-megapixel upload peaked at
// 446 MiB with glibc's default against 288 MiB with two arenas, at the same speed (npm run bench).
// glibc reads it only at start, hence the shebang too; musl and macOS ignore it.
// --heap-growing-percent=50: after a full collection V8 lets the old generation grow up to 4 times
// what survived before collecting again; under render load that was 60 MiB live in a 210 MiB heap,
// and the RSS followed (309 MiB at the page-cache scenario). Growing by half keeps the heap near
// what is live: 181 MiB at the same point of npm run bench, with rates within the run-to-run noise
// (post page uncached 0.033-0.055 x with, 0.042-0.051 x without; page cache 0.69-0.78 against
// 0.65-0.67).
// MALLOC_MMAP_THRESHOLD_=131072: a fixed threshold turns off glibc's sliding one, which rises after
// libvips frees its large buffers until they come from the arenas and stay there: image buffers
// are mapped and given back on free (media seeding peak 299 to 279 MiB).
//
// The `tessera` command. It runs the JavaScript that `npm run build` (also run by `npm ci` and
// `npm start`) writes to dist/; when the sources changed since that build, as while developing,
// it loads the TypeScript sources through tsx instead, so it never runs stale code.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('..', import.meta.url));

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(path));
    // Tests are not part of the build: editing one must not send the launcher to the sources.
    else if (
      (entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(entry.name)) ||
      entry.name.endsWith('.css')
    ) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

function builtAt() {
  const stamp = join(server, 'dist', '.build-stamp');
  return existsSync(stamp) ? Number(readFileSync(stamp, 'utf8')) : 0;
}

if (process.env.TESSERA_FROM_SOURCE !== '1' && builtAt() >= newestSourceTime(join(server, 'src'))) {
  // The build is what runs in production: without this, `npm start` rendered pages with React's
  // development build (slower, and 1.3 MiB more of it held in memory) unless NODE_ENV was set.
  process.env.NODE_ENV ??= 'production';
  await import('../dist/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
