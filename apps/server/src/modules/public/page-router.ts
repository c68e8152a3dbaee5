import type { Site } from '../../core/sites/site.js';
import type { PublicAnswer } from './answer.js';
import type { SiteFrame } from './theme/layouts.js';
import type { PageRequest } from './visitor.js';

/** One visit to an address of the public site, as the router hands it to a page. */
export interface PageVisit {
  site: Site;
  /** The address asked, site-relative, without its query: `/fr/category/news`. */
  path: string;
  /** The same address within its language, its prefix taken off: `/category/news`. */
  pathInLanguage: string;
  /** The scheme and host the visitor reached, for absolute links (canonical, Open Graph). */
  origin: string;
  request: PageRequest;
  /**
   * The document frame of the address's language: a page frames its body in it through
   * `DocumentFrames.framePage`, so it gets the theme's header, footer, menus, tokens and head.
   */
  frame: SiteFrame;
}

/**
 * Answers a visit to an address its route claims: a page (framed in the theme's document), a
 * redirect, or null when the address is not its after all, and the next route is asked. `groups`
 * are a pattern route's captured groups (none for an exact path).
 */
export type PageHandler = (
  visit: PageVisit,
  groups: ReadonlyArray<string | undefined>,
) => Promise<PublicAnswer | null>;

/** Addresses a page claims within each language: one exact path (`/shop/cart`), or a pattern. */
export interface PageRoute {
  path: string | RegExp;
  handler: PageHandler;
}

const NO_GROUPS: ReadonlyArray<string | undefined> = [];

/**
 * The public site's pages by address: core pages (the home page, post lists, entries) and, through
 * the same routes, pages a plugin adds. Routes are asked in the order they were added, the fallback
 * last; the first answer wins. What they answer goes through the same document frame and the same
 * answer and page cache code (answer.ts), whoever added them.
 */
export class PageRouter {
  private readonly routes: PageRoute[] = [];
  private fallback: PageHandler | null = null;

  /** Claims `path` within each language for `handler`, after the routes added before it. */
  get(path: string | RegExp, handler: PageHandler): void {
    this.routes.push({ path, handler });
  }

  /** What answers an address no route answered (the entry published there): asked last. */
  otherwise(handler: PageHandler): void {
    this.fallback = handler;
  }

  /** The first answer of the routes claiming the visit's address, else the fallback's; null for none. */
  async answer(visit: PageVisit): Promise<PublicAnswer | null> {
    const path = visit.pathInLanguage;
    for (const route of this.routes) {
      let groups = NO_GROUPS;
      if (typeof route.path === 'string') {
        if (route.path !== path) continue;
      } else {
        const match = route.path.exec(path);
        if (!match) continue;
        groups = match.slice(1);
      }
      const answer = await route.handler(visit, groups);
      if (answer) return answer;
    }
    return this.fallback ? this.fallback(visit, NO_GROUPS) : null;
  }
}
