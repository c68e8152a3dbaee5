import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowOrigins } from '../../core/http/content-policy.js';
import type { TesseraModule } from '../../core/modules/module.js';
import { stockImageOrigins } from '../media/stock/image-origins.js';

/** Where Vite writes the admin app (apps/admin/dist), from apps/server/{src,dist}/modules/admin-app. */
export const ADMIN_DIST = fileURLToPath(new URL('../../../../admin/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

const importMaps = new WeakMap<Buffer, string[]>();

/**
 * The CSP source of index.html's import map, by its hash: the one inline script of the page, which
 * lends the admin's libraries (React, Mantine...) to plugins' admin modules (apps/admin/host-modules.ts).
 * Empty for a page without one.
 */
function importMapSource(page: Buffer): string[] {
  let sources = importMaps.get(page);
  if (!sources) {
    const map = /<script type="importmap">([\s\S]*?)<\/script>/.exec(page.toString('utf8'))?.[1];
    sources = map === undefined ? [] : [`'sha256-${createHash('sha256').update(map).digest('base64')}'`];
    importMaps.set(page, sources);
  }
  return sources;
}

/**
 * The administration app (spec 1) at /admin: Vite's hashed files under /admin/assets, kept a year,
 * and index.html for every other address of the app, never kept, so a new build is picked up at the
 * next visit. It is a client of the REST API like any other and needs no site to load (the setup
 * screen comes before any site exists).
 */
export const adminAppModule: TesseraModule = {
  name: 'admin-app',
  routes(app, runtime) {
    // The library shows files from MEDIA_URL (a CDN) and stock photo thumbnails from the providers.
    const media = runtime.config.storage.publicUrl ? [new URL(runtime.config.storage.publicUrl).origin] : [];
    const pictures = {
      'img-src': [...media, ...stockImageOrigins(runtime.config.stock)],
      'media-src': media,
    };
    const files = new Map<string, { body: Buffer; type: string }>();
    // Only files under `within` (the dist folder, or its assets): `..` in an address leads nowhere.
    const file = (path: string, within = ADMIN_DIST) => {
      let found = files.get(path);
      if (!found) {
        const full = normalize(join(ADMIN_DIST, path));
        if (!full.startsWith(within) || !existsSync(full) || !statSync(full).isFile()) return null;
        found = { body: readFileSync(full), type: TYPES[extname(full)] ?? 'application/octet-stream' };
        if (files.size < 500) files.set(path, found);
      }
      return found;
    };
    const config = { permission: 'public', site: 'none', rateLimit: 'none' } as const;
    const page = async (_request: FastifyRequest, reply: FastifyReply) => {
      const index = file('index.html');
      if (!index)
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The administration app is not built: run `npm run build` (npm start does it).');
      allowOrigins(reply, { ...pictures, 'script-src': importMapSource(index.body) });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex')
        .send(index.body);
    };
    app.get('/admin', { config, schema: { hide: true } }, page);
    app.get('/admin/*', { config, schema: { hide: true } }, async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      if (path.startsWith('assets/')) {
        const asset = file(path, join(ADMIN_DIST, 'assets', '/'));
        if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
        return reply
          .type(asset.type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(asset.body);
      }
      return page(request, reply);
    });
  },
};
