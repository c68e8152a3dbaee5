import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-d.ts') ? [path] : [];
  });
}

/** Where each relative import of a file leads, relative to src. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) =>
    relative(src, resolve(dirname(file), match[1] ?? '')),
  );
}

describe('the layers of ARCHITECTURE.md', () => {
  it('core uses no module: modules build on core, never the other way', () => {
    const offenders = sources(join(src, 'core')).flatMap((file) =>
      importsOf(file)
        .filter(
          (target) => target.startsWith('modules/') || target === 'lifecycle.js' || target === 'main.js',
        )
        .map((target) => `${relative(src, file)} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('a module reaches another module through its service or schemas, never its repo', () => {
    // Known exception, to be routed through the identity service: the installer creates the first user.
    const allowed = new Set(['modules/sites/service-install.ts']);
    const offenders = sources(join(src, 'modules')).flatMap((file) => {
      const own = relative(src, file).split('/')[1];
      if (allowed.has(relative(src, file))) return [];
      return importsOf(file)
        .filter((target) => target.startsWith('modules/') && target.split('/')[1] !== own)
        .filter((target) => /(^|\/)repo(-[a-z-]+)?\.js$/.test(target))
        .map((target) => `${relative(src, file)} -> ${target}`);
    });
    expect(offenders).toEqual([]);
  });
});
