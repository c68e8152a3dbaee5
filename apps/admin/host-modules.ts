import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The libraries the admin lends to plugins' admin modules, by the bare name a module imports them
 * with. Each becomes a small module of the admin's bundle (`tessera-host:<name>`) that re-exports
 * the admin's own copy, and index.html gets an import map from the names to those modules: a module
 * that imports `react` gets the very React rendering the admin (one React, one router, the admin's
 * Mantine theme, query cache and i18next instance), and ships none of them.
 *
 * `cjs` packages (React's) have no static export list for a bundler to re-export with `export *`:
 * their names are read from the package itself, so a new React's new hooks are lent too. React
 * Router lends what a screen inside the admin's router uses (links, navigation, the address): with
 * `export *` the bundler would keep all of it, routers and server rendering included, in the admin's
 * first download.
 */
const LENT: Record<string, { cjs?: true; default?: true; names?: string[] }> = {
  react: { cjs: true },
  'react/jsx-runtime': { cjs: true },
  'react-dom': { cjs: true },
  'react-router': {
    names: [
      'Link',
      'NavLink',
      'Navigate',
      'useNavigate',
      'useParams',
      'useLocation',
      'useSearchParams',
      'useMatch',
      'useHref',
      'useBlocker',
      'matchPath',
      'generatePath',
      'createSearchParams',
    ],
  },
  '@mantine/core': {},
  '@mantine/hooks': {},
  '@tanstack/react-query': {},
  i18next: { default: true },
  'react-i18next': {},
  '@tessera/plugin/admin': {},
};

const PREFIX = 'tessera-host:';
/** The module the admin imports them from (extensions/load.ts), `{ libraries: { react: () => import(...) } }`. */
const LIBRARIES = `${PREFIX}libraries`;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Imported from a chunk the admin loads, each lent module is a chunk loaded after the admin's own
 * code, reusing the modules the admin already has; as entries of their own they would split those
 * out of the admin's first download into many small files.
 */
function libraries(): string {
  const loads = Object.keys(LENT).map(
    (specifier) => `${JSON.stringify(specifier)}: () => import(${JSON.stringify(PREFIX + specifier)})`,
  );
  return `export const libraries = {\n${loads.join(',\n')}\n};\n`;
}

function facade(specifier: string, root: string): string {
  const lent = LENT[specifier];
  if (!lent) throw new Error(`${specifier} is not one of the libraries the admin lends`);
  const from = JSON.stringify(specifier);
  if (lent.names) return `export { ${lent.names.join(', ')} } from ${from};\n`;
  if (!lent.cjs) return `export * from ${from};\n${lent.default ? `export { default } from ${from};\n` : ''}`;
  const names = Object.keys(createRequire(join(root, 'package.json'))(specifier) as object).filter(
    (name) => name !== 'default' && IDENTIFIER.test(name),
  );
  return `import lent from ${from};\nexport default lent;\nexport const { ${names.join(', ')} } = lent;\n`;
}

/** The lent modules and the import map (see LENT). */
export function hostModules(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'tessera-host-modules',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (id === `\0${LIBRARIES}`) return libraries();
      return id.startsWith(`\0${PREFIX}`) ? facade(id.slice(PREFIX.length + 1), root) : null;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const imports: Record<string, string> = {};
        for (const specifier of Object.keys(LENT)) {
          const chunk = Object.values(context.bundle ?? {}).find(
            (output) => output.type === 'chunk' && output.facadeModuleId === `\0${PREFIX}${specifier}`,
          );
          if (context.bundle && !chunk)
            throw new Error(`${specifier} is lent but not bundled: nothing imports ${LIBRARIES}`);
          // The dev server serves it as the virtual module it is.
          imports[specifier] = chunk ? `${base}${chunk.fileName}` : `${base}@id/__x00__${PREFIX}${specifier}`;
        }
        // The server allows this script by its hash in the admin's CSP (modules/admin-app): no inline
        // script runs without it, and nothing else is inline.
        return [
          {
            tag: 'script',
            attrs: { type: 'importmap' },
            children: JSON.stringify({ imports }),
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
