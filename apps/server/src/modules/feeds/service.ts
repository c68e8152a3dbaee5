import { createHash } from 'node:crypto';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Content } from '../content/content.js';
import { settingsOf } from '../settings/service.js';
import { renderRss } from './rss.js';
import { SiteRenderings } from './site-renderings.js';

/** Which feed: the site's latest posts, or those of one category or tag. */
export interface FeedKey {
  term?: { taxonomy: 'category' | 'tag'; slug: string };
}

export interface RenderedFeed {
  body: string;
  etag: string;
  /** The newest item's publication (the site's creation for an empty feed), for Last-Modified. */
  lastModified: string;
}

/** The type feeds list: posts, the blog's entries (spec 1 Blog). */
export const FEED_TYPE = 'post';

/**
 * A changed post clears its site's feeds at once (after commit); what else a feed shows (site
 * title, term names, author names) is picked up within this bound.
 */
const FEED_CACHE_MS = 5 * 60_000;

/**
 * RSS feeds, rendered once and served from memory until a post of the site changes: a feed reader
 * polling every few minutes costs a lookup and, with If-None-Match, a 304 without a body.
 */
export class FeedsService {
  private readonly rendered: SiteRenderings<RenderedFeed>;

  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
  ) {
    // The site's title and tagline are settings; its name under white-label is in the key below.
    this.rendered = new SiteRenderings(
      runtime,
      'feeds',
      FEED_CACHE_MS,
      (event) => event.startsWith(`${FEED_TYPE}.`) || event === 'settings.updated',
    );
  }

  /** A post or settings event of the site: its feeds are forgotten once the change commits. */
  listen(): void {
    this.rendered.listen();
  }

  /** `base`: the absolute URL the site is reached at, as the request that asks for the feed used it. */
  async feed(site: Site, base: string, path: string, key: FeedKey): Promise<RenderedFeed> {
    // A change to the site itself (branding, domains) gives it a new updated_at, and so a new key.
    return this.rendered.get(site.id, `${site.updated_at}|${base}|${path}`, () =>
      this.render(site, base, path, key),
    );
  }

  private async render(site: Site, base: string, path: string, key: FeedKey): Promise<RenderedFeed> {
    const [general, reading] = await Promise.all([
      settingsOf(this.runtime, site, 'general'),
      settingsOf(this.runtime, site, 'reading'),
    ]);
    const { items, term } = await this.content.published.latest(site, {
      type: FEED_TYPE,
      limit: reading.feed_items,
      locale: site.default_locale,
      ...(key.term ? { term: key.term } : {}),
    });
    const siteTitle = general.title || site.name;
    // Deterministic for the same content, so the ETag changes only when the feed does.
    const lastModified = items[0]?.published_at ?? site.created_at;
    const body = renderRss(
      {
        title: term ? `${siteTitle} – ${term.name}` : siteTitle,
        description: general.tagline || siteTitle,
        base,
        self: base + path,
        language: site.default_locale.toLowerCase(),
        domain: site.primary_domain,
        generator: site.branding.name ?? 'Tessera',
      },
      items,
      lastModified,
    );
    const feed: RenderedFeed = {
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      lastModified,
    };
    return feed;
  }
}
