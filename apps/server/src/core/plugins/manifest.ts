import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import semver from 'semver';
import { type FieldErrors, ValidationFailed } from '../errors.js';

/**
 * What a plugin declares in its package.json, under `tessera`:
 *
 * ```json
 * { "name": "tessera-plugin-guestbook", "version": "1.2.0", "type": "module",
 *   "tessera": { "plugin": "guestbook", "entry": "index.js", "migrations": "migrations" } }
 * ```
 *
 * `plugin` names it everywhere: its routes live under `/api/<plugin>/`, its permissions, hooks and
 * jobs are `<area>.<...>` and its tables `<area>_<...>`, where the area is the name with `-` as `_`.
 */
export interface PluginManifest {
  readonly name: string;
  readonly version: string;
  /** The name as permissions, hooks, jobs and tables use it. */
  readonly area: string;
  /** Absolute path of the ES module whose default export is the plugin. */
  readonly entry: string;
  /** Absolute path of its migrations folder, if it has one. */
  readonly migrations: string | null;
  /** Plugins it needs active on the same site: name → semver range of their version. */
  readonly requires: Readonly<Record<string, string>>;
  /** Absolute path of its admin module (an ES module the admin loads at run time), if it has one. */
  readonly admin: string | null;
}

/** The name a plugin or theme goes by: 2 to 40 of a-z, 0-9 and -. */
export const PACKAGE_NAME = /^[a-z][a-z0-9-]{0,38}[a-z0-9]$/;
export const VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

/** Path prefixes of the core API a plugin's routes would shadow. */
const RESERVED = new Set([
  'activity',
  'analytics',
  'auth',
  'builder',
  'comments',
  'content-types',
  'docs',
  'jobs',
  'languages',
  'mcp',
  'me',
  'media',
  'menus',
  'openapi',
  'pages',
  'patterns',
  'permissions',
  'plugins',
  'posts',
  'roles',
  'search',
  'settings',
  'setup',
  'site',
  'sites',
  // GET /api/settings/schemas: a plugin of that name could not read its own settings group.
  'schemas',
  'taxonomies',
  'users',
  'webhooks',
  'widgets',
]);

/** A package's package.json as an object; 422 when there is none or it is not JSON. */
export function readPackageJson(folder: string): Record<string, unknown> {
  const file = join(folder, 'package.json');
  if (!existsSync(file)) throw ValidationFailed.field('manifest', `No package.json in ${folder}.`);
  let pkg: unknown;
  try {
    pkg = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw ValidationFailed.field('manifest', 'package.json is not valid JSON.');
  }
  return isRecord(pkg) ? pkg : {};
}

/** Reads and checks `<folder>/package.json`; 422 naming each problem. */
export function readManifest(folder: string): PluginManifest {
  const errors: FieldErrors = Object.create(null);
  const record = readPackageJson(folder);
  const tessera = isRecord(record.tessera) ? record.tessera : null;
  if (!tessera) errors.tessera = ['package.json has no "tessera" object: this is not a Tessera plugin.'];
  const name = typeof tessera?.plugin === 'string' ? tessera.plugin : '';
  if (tessera && !PACKAGE_NAME.test(name))
    errors['tessera.plugin'] = ['Must be 2 to 40 characters: a-z, 0-9 and -, starting with a letter.'];
  else if (RESERVED.has(name)) errors['tessera.plugin'] = [`"${name}" is a path of the core API.`];
  const version = typeof record.version === 'string' ? record.version : '';
  if (!VERSION.test(version)) errors.version = ['Must be a semantic version such as 1.0.0.'];
  if (record.type !== 'module') errors.type = ['Must be "module": plugins are ES modules.'];
  const entry = inside(folder, tessera?.entry, 'tessera.entry', errors, 'file');
  if (entry && !/\.m?js$/.test(entry)) errors['tessera.entry'] = ['Must be a .js or .mjs file.'];
  const migrations =
    tessera?.migrations === undefined
      ? null
      : inside(folder, tessera.migrations, 'tessera.migrations', errors, 'folder');
  const requires = requirementsOf(tessera?.requires, name, errors);
  const admin =
    tessera?.admin === undefined ? null : inside(folder, tessera.admin, 'tessera.admin', errors, 'file');
  if (admin && !/\.m?js$/.test(admin)) errors['tessera.admin'] = ['Must be a .js or .mjs file.'];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { name, version, area: name.replaceAll('-', '_'), entry: entry ?? '', migrations, requires, admin };
}

/** `tessera.requires`: `{ "ecommerce": "^1" }`, each a plugin's name and a semver range. */
function requirementsOf(value: unknown, self: string, errors: FieldErrors): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) {
    errors['tessera.requires'] = [
      'Must be an object of plugin names and version ranges, such as { "ecommerce": "^1" }.',
    ];
    return {};
  }
  const requires: Record<string, string> = {};
  for (const [name, range] of Object.entries(value)) {
    const field = `tessera.requires.${name}`;
    if (!PACKAGE_NAME.test(name) || name === self) errors[field] = ['Must name another plugin.'];
    else if (typeof range !== 'string' || semver.validRange(range) === null)
      errors[field] = ['Must be a version range such as ^1 or >=1.2.'];
    else requires[name] = range;
  }
  return requires;
}

/** A path a manifest names, which must stay inside the package's folder and exist. */
export function inside(
  folder: string,
  value: unknown,
  field: string,
  errors: FieldErrors,
  kind: 'file' | 'folder',
  what: 'plugin' | 'theme' = 'plugin',
): string | null {
  if (typeof value !== 'string' || value === '') {
    errors[field] = [`Must be a path inside the ${what}.`];
    return null;
  }
  const path = resolve(folder, value);
  const rel = relative(resolve(folder), path);
  if (rel.startsWith('..') || isAbsolute(rel)) {
    errors[field] = [`Must stay inside the ${what} folder.`];
    return null;
  }
  const stat = existsSync(path) ? statSync(path) : null;
  if (!stat || (kind === 'file' ? !stat.isFile() : !stat.isDirectory())) {
    errors[field] = [`No such ${kind}: ${value}.`];
    return null;
  }
  return path;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
