import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';

declare module '../../core/hooks/hook-manager.js' {
  interface FilterHooks {
    /**
     * The site's robots.txt, the core's text first (the admin, the API and previews left out, and
     * the Sitemap line): the SEO plugin serves the one edited in its settings, writing the Sitemap
     * line (`sitemap`, the index's absolute address) itself. An answer that is no string, or is
     * over 64 KB, leaves the core's text.
     */
    'robots.txt': [text: string, context: { base: string; sitemap: string }];
  }
}

/** Well under the 500 KiB Google reads of a robots.txt, and plenty for rules written by hand. */
const MAX_ROBOTS_BYTES = 64 * 1024;

/**
 * The rules for crawlers: the admin, the API and previews left out, and where the sitemap is, as
 * the `robots.txt` filter leaves them on the site. `base`: the site's origin, no trailing slash.
 */
export async function robotsTxt(runtime: Runtime, site: Site, base: string): Promise<string> {
  const sitemap = `${base}/sitemap.xml`;
  const text = `User-agent: *\nDisallow: /admin/\nDisallow: /api/\nDisallow: /_preview/\n\nSitemap: ${sitemap}\n`;
  if (!runtime.hooks.hasCallbacks('robots.txt')) return text;
  const answer: unknown = await visitorContext(runtime, site).hooks.applyFilters('robots.txt', text, {
    base,
    sitemap,
  });
  return typeof answer === 'string' && Buffer.byteLength(answer, 'utf8') <= MAX_ROBOTS_BYTES ? answer : text;
}
