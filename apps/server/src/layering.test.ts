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
    const offenders = sources(join(src, 'modules')).flatMap((file) => {
      const own = relative(src, file).split('/')[1];
      return importsOf(file)
        .filter((target) => target.startsWith('modules/') && target.split('/')[1] !== own)
        .filter((target) => /(^|\/)repo(-[a-z-]+)?\.js$/.test(target))
        .map((target) => `${relative(src, file)} -> ${target}`);
    });
    expect(offenders).toEqual([]);
  });

  it('in a module, only repos (and migrations) query the database', () => {
    // The query builder's entry points and raw SQL. Services and routes hold handles (a Data, a
    // transaction) and pass them to repos; the rule keeps every query of a table in one file.
    const query =
      /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|\bsql`/;
    const offenders = sources(join(src, 'modules'))
      .map((file) => relative(src, file))
      .filter((file) => !/(^|\/)repo(-[a-z-]+)?\.ts$/.test(file) && !file.includes('/migrations/'))
      .filter((file) => query.test(readFileSync(join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('plugins are built as a third party would build them', () => {
  const root = resolve(src, '../../..');
  const folders = ['plugins', 'examples'].flatMap((parent) => {
    const dir = join(root, parent);
    try {
      // Each plugin is a folder; a README beside them is not one.
      return readdirSync(dir)
        .map((name) => join(dir, name))
        .filter((path) => statSync(path).isDirectory());
    } catch {
      return [];
    }
  });
  const scripts = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      // What ships: a plugin's own tests (test/) run against Tessera's test harness, as its CI would.
      if (name === 'node_modules' || name === 'dist' || (folders.includes(dir) && name === 'test')) return [];
      if (statSync(path).isDirectory()) return scripts(path);
      return /\.(m?js|tsx?)$/.test(name) ? [path] : [];
    });

  // What the admin lends an admin module by bare name (apps/admin/host-modules.ts, LENT).
  const LENT = new Set([
    'react',
    'react/jsx-runtime',
    'react-dom',
    'react-router',
    '@mantine/core',
    '@mantine/hooks',
    '@tanstack/react-query',
    'i18next',
    'react-i18next',
  ]);
  /** The folder of a plugin's admin module (`tessera.admin`), whose files may import what the admin lends. */
  const adminFolderOf = (folder: string): string | null => {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
        tessera?: { admin?: string };
      };
      if (!manifest.tessera?.admin) return null;
      // A plugin written in TypeScript names its built module (dist/admin/index.js): its sources
      // are the same path under src/.
      const admin = manifest.tessera.admin.replace(/^(\.\/)?dist\//, 'src/');
      return dirname(resolve(folder, admin));
    } catch {
      return null;
    }
  };

  it('import only @tessera/plugin, Node built-ins, their own files, and in their admin module what the admin lends', () => {
    const offenders = folders.flatMap((folder) =>
      scripts(folder).flatMap((file) => {
        const admin = adminFolderOf(folder);
        const inAdmin = admin !== null && !relative(admin, file).startsWith('..') && admin !== folder;
        // Comments left out: prose says "from" too.
        const text = readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, '');
        // A keyword, not the word inside a string (`day('from')`), and a specifier without spaces.
        const specifiers = [
          ...text.matchAll(/(?<![\w$'"])(?:from|import)\s*\(?\s*['"]([^'"\s]+)['"]/g),
          ...text.matchAll(/(?<![\w$'"])import\(\s*['"]([^'"\s]+)['"]\s*\)/g),
        ].map((match) => match[1] ?? '');
        return specifiers
          .filter((specifier) => {
            if (specifier.startsWith('node:') || /^@tessera\/plugin(\/|$)/.test(specifier)) return false;
            if (inAdmin && LENT.has(specifier)) return false;
            // Its unit tests run with the repository's test runner.
            if (specifier === 'vitest' && /\.test\.tsx?$/.test(file)) return false;
            if (!specifier.startsWith('.')) return true;
            return relative(folder, resolve(dirname(file), specifier)).startsWith('..');
          })
          .map((specifier) => `${relative(root, file)} -> ${specifier}`);
      }),
    );
    expect(folders.length).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });
});
