#!/usr/bin/env node
// Transpiles the server's TypeScript to apps/server/dist (one .js per .ts, no bundling), so
// `tessera` runs plain JavaScript: faster start and about 30 MiB less memory than loading the
// sources through tsx. Runs on `npm ci` (prepare) and before `npm start`; takes well under a second.
// Type checking is `npm run typecheck`'s job, not this one's.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { build } from 'esbuild';

const server = new URL('../apps/server/', import.meta.url).pathname;
const src = join(server, 'src');
const dist = join(server, 'dist');

/** Files the server reads at run time beside its modules (a theme's stylesheet), by extension. */
const ASSETS = ['.css'];

function assets(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return assets(path);
    return ASSETS.some((ext) => name.endsWith(ext)) ? [path] : [];
  });
}

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    // Tests (*.test.ts) and type tests (*.test-d.ts) are not part of the build.
    return /\.tsx?$/.test(name) && !/\.(test|test-d|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

const entryPoints = sources(src);
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: dist,
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
});
for (const asset of assets(src)) {
  const target = join(dist, relative(src, asset));
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(asset, target);
}
// The block registry and the plugin package (what plugins import) are packages of their own, used
// from their dist: the server imports the blocks', installed plugins the plugin package's.
for (const name of ['blocks', 'plugin']) {
  const pkg = new URL(`../packages/${name}/`, import.meta.url).pathname;
  rmSync(join(pkg, 'dist'), { recursive: true, force: true });
  await build({
    entryPoints: sources(join(pkg, 'src')),
    outdir: join(pkg, 'dist'),
    outbase: join(pkg, 'src'),
    format: 'esm',
    platform: 'neutral',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}
// The official plugins (plugins/<name>/src, TypeScript) into their dist, which their manifests
// name: Tessera loads them as it loads a third party's, as plain JavaScript. Their admin modules
// (TSX) use the JSX runtime the admin lends them.
const officialPlugins = new URL('../plugins/', import.meta.url).pathname;
for (const name of readdirSync(officialPlugins)) {
  const pluginSrc = join(officialPlugins, name, 'src');
  if (!statSync(join(officialPlugins, name)).isDirectory() || !existsSync(pluginSrc)) continue;
  rmSync(join(officialPlugins, name, 'dist'), { recursive: true, force: true });
  await build({
    // The server's half; the admin module is bundled on its own below.
    entryPoints: sources(pluginSrc).filter((file) => !relative(pluginSrc, file).startsWith(`admin${sep}`)),
    outdir: join(officialPlugins, name, 'dist'),
    outbase: pluginSrc,
    format: 'esm',
    platform: 'neutral',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The admin module (src/admin/index.tsx) is bundled into the one file its manifest names, its
  // own files and the shared ones beside it (the SEO score) included: the admin fetches a module's
  // files from its folder only. What the admin lends stays an import, resolved by its import map.
  const adminEntry = ['index.tsx', 'index.ts']
    .map((file) => join(pluginSrc, 'admin', file))
    .find((file) => existsSync(file));
  if (adminEntry)
    await build({
      entryPoints: [adminEntry],
      outfile: join(officialPlugins, name, 'dist', 'admin', 'index.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      external: [
        'react',
        'react/jsx-runtime',
        'react-dom',
        'react-router',
        '@mantine/core',
        '@mantine/hooks',
        '@tanstack/react-query',
        'i18next',
        'react-i18next',
        '@tessera/plugin/admin',
      ],
      minify: true,
      sourcemap: 'linked',
      logLevel: 'warning',
    });
}
// The launcher compares this stamp with the sources' times to tell whether dist is current.
writeFileSync(join(dist, '.build-stamp'), `${Date.now()}\n`);
console.log(`built ${entryPoints.length} files into ${relative(process.cwd(), dist) || dist}`);

// The administration app (apps/admin): Vite bundles it into apps/admin/dist, which the server
// serves at /admin. Skipped when the bundle is newer than every source of the app, the SDK and the
// plugin package (its admin half, which the app bundles and lends to plugins' admin modules).
const admin = new URL('../apps/admin/', import.meta.url).pathname;
const sdk = new URL('../packages/sdk/', import.meta.url).pathname;
const pluginPackage = new URL('../packages/plugin/src/', import.meta.url).pathname;
const newest = (dir) =>
  readdirSync(dir).reduce((latest, name) => {
    if (name === 'node_modules' || name === 'dist') return latest;
    const path = join(dir, name);
    const stat = statSync(path);
    return Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs);
  }, 0);
const bundle = join(admin, 'dist', 'index.html');
let built = 0;
try {
  built = statSync(bundle).mtimeMs;
} catch {
  // Never built.
}
if (built < Math.max(newest(admin), newest(sdk), newest(pluginPackage))) {
  const { build: vite } = await import('vite');
  await vite({ root: admin, configFile: join(admin, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`built the admin app into ${relative(process.cwd(), join(admin, 'dist')) || admin}`);
}
