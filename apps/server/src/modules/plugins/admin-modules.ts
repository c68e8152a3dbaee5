import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../core/http/app-type.js';
import { sendError } from '../../core/http/error-handler.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import { type PluginManifest, readManifest } from '../../core/plugins/manifest.js';
import { type PluginHost, pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';

/** Where the admin fetches plugins' admin modules and the files beside them. */
const FILES_PREFIX = '/admin/extensions';

const AdminModuleView = Type.Object({
  plugin: Type.String({ description: 'The plugin that ships it' }),
  version: Type.String({ description: "The plugin's version, which is in the module's address" }),
  url: Type.String({
    description:
      'Where the admin imports it, same-origin: /admin/extensions/<plugin>/<version>/<file>, cached for good',
  }),
});

/** What a browser may fetch from a module's folder, by extension: the web's own types, nothing else. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/**
 * The admin modules of plugins (`tessera.admin` in a plugin's package.json), which the admin loads
 * at run time where the plugin is active: `GET /api/plugins/admin-modules` lists them for any
 * signed-in user of the site, and their files are served same-origin under the admin, so its
 * content security policy ('self') covers them and the session cookie reaches the plugin's routes.
 */
export function adminModuleRoutes(app: App, runtime: Runtime): void {
  const host = pluginsOf(runtime);
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'plugins');
  routes.get(
    '/api/plugins/admin-modules',
    {
      permission: 'authenticated',
      summary: 'The admin modules of the plugins active on this site, for the admin to load',
      description:
        'Each is an ES module a plugin ships for the admin (screens, an editor panel, dashboard widgets), code installed by a Super Admin. Plugins that failed to load, or that ship none, are left out.',
      data: Type.Array(AdminModuleView),
    },
    async (ctx) =>
      activeModules(host, ctx.site.id).map(({ name, manifest, module }) => ({
        plugin: name,
        version: manifest.version,
        url: fileUrl(name, manifest.version, relative(servedFolder(module), module.file)),
      })),
  );
  app.route({
    method: ['GET', 'HEAD'],
    url: `${FILES_PREFIX}/:plugin/:version/*`,
    // Outside /api every route is public: a module holds code, not data, as the admin's own bundle.
    config: { permission: 'public', rateLimit: 'none' },
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as { plugin: string; version: string; '*': string };
      const site = request.site;
      const found = site
        ? activeModules(host, site.id).find(({ name }) => name === params.plugin)
        : undefined;
      // Another version's address: its files are gone, and what is there now must not be cached under it.
      if (!found || found.manifest.version !== params.version) return notFound(reply);
      const file = await fileInside(found.module, params['*']);
      if (!file) return notFound(reply);
      const body = await readFile(file.path);
      return reply
        .header('content-type', file.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  });
}

interface AdminModule {
  /** Absolute path of the module file. */
  file: string;
  /** The plugin's folder. */
  root: string;
}

/** The loaded plugins active on a site that ship an admin module, read from their manifests as installed. */
function activeModules(
  host: PluginHost,
  siteId: number,
): Array<{ name: string; manifest: PluginManifest; module: AdminModule }> {
  return host.list().flatMap((status) => {
    if (status.state !== 'loaded' || !host.isActive(status.name, siteId)) return [];
    let manifest: PluginManifest;
    try {
      manifest = readManifest(status.folder);
    } catch {
      // Its folder changed under the server since it loaded: nothing of it to offer the admin.
      return [];
    }
    return manifest.admin
      ? [{ name: status.name, manifest, module: { file: manifest.admin, root: status.folder } }]
      : [];
  });
}

/** The folder whose files are served: the module's own. */
function servedFolder(module: AdminModule): string {
  return dirname(module.file);
}

function fileUrl(plugin: string, version: string, path: string): string {
  const segments = path.split(sep).map(encodeURIComponent).join('/');
  return `${FILES_PREFIX}/${plugin}/${encodeURIComponent(version)}/${segments}`;
}

/**
 * The file at `path` (as the address gives it) in the module's folder, or null: not there, a
 * hidden file, a type the web does not load, or outside the folder (by `..` or by a link).
 */
async function fileInside(module: AdminModule, path: string): Promise<{ path: string; type: string } | null> {
  const folder = servedFolder(module);
  // A module at the plugin's root would open the whole plugin (its server code, its package.json):
  // there it is served alone.
  const atRoot = resolve(folder) === resolve(module.root);
  if (atRoot && path !== basename(module.file)) return null;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.') || /[\\\0]/.test(segment)))
    return null;
  const type = TYPES[extname(path).toLowerCase()];
  if (!type) return null;
  const full = resolve(folder, ...segments);
  if (!within(folder, full)) return null;
  try {
    // A link inside the folder may point anywhere: where it really leads must be inside too.
    const [realFolder, realFile] = await Promise.all([realpath(folder), realpath(full)]);
    if (!within(realFolder, realFile) || !(await stat(realFile)).isFile()) return null;
    return { path: realFile, type };
  } catch {
    return null;
  }
}

function within(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function notFound(reply: FastifyReply) {
  return sendError(reply, 404, { message: 'No such file.', code: 'not_found' });
}
