import type { PluginFormSpec, PluginPageSpec, PluginPages } from '@tessera/plugin';

/** A page or form post a plugin declared, as the host keeps it for the public site to mount. */
export type StagedPage =
  | {
      method: 'GET';
      plugin: string;
      path: string;
      prefix: string;
      spec: PluginPageSpec;
      handler: Parameters<PluginPages['get']>[2];
    }
  | {
      method: 'POST';
      plugin: string;
      path: string;
      prefix: string;
      spec: PluginFormSpec;
      handler: Parameters<PluginPages['post']>[2];
    };

const SEGMENT = /^(?:[a-z0-9][a-z0-9_-]{0,63}|:[a-z][a-z0-9_]{0,31})$/;

/**
 * First segments the site itself answers (its feeds, search, files, forms, lists, the API and the
 * admin): a plugin's pages may not take them.
 */
const RESERVED = new Set([
  'api',
  'admin',
  'theme',
  'media',
  'uploads',
  'search',
  'feed',
  'rss',
  'sitemap',
  'sitemaps',
  'robots.txt',
  'favicon.ico',
  'category',
  'tag',
  'page',
  'author',
  'health',
  '_forms',
  '_preview',
  '_comments',
  'account',
]);

/** Checks a page's path and returns its first segment, the prefix the plugin claims on its sites. */
export function pagePrefix(path: string): string {
  const segments = path.split('/').slice(1);
  if (!path.startsWith('/') || segments.length === 0 || !segments.every((segment) => SEGMENT.test(segment)))
    throw new Error(`page path "${path}" must be /<prefix>[/<segment> or /:param...] of a-z, 0-9, _ and -`);
  const prefix = segments[0] ?? '';
  if (prefix.startsWith(':')) throw new Error(`page path "${path}" must start with a segment of its own`);
  // Two letters (and a region) would read as a language's prefix: `/fr/...`.
  if (RESERVED.has(prefix) || /^[a-z]{2}(?:-[a-z0-9]+)?$/.test(prefix))
    throw new Error(`page path "${path}": /${prefix} is the site's own`);
  return prefix;
}

/** The path as a pattern within a language, its `:params` as named groups. */
export function pagePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.-]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}
