import type { FormState } from '@tessera/blocks';
import { isbot } from 'isbot';
import type { Visitor } from '../../core/visitors/visitor-sessions.js';
import type { CommentFormState } from './theme/discussion.js';

/** What the public site knows of the request a page is rendered for. */
export interface PageRequest {
  /** `?page=N` of a page with a paged content list; 1 otherwise. */
  page: number;
  /** A signed-in user of the site is looking (a session or token came with the request). */
  signedIn: boolean;
  userAgent: string;
  /** The outcome of a form block's submission, shown on the page the visitor comes back to. */
  form?: { blockId: string; state: FormState };
  /** What the address asks of an entry's comments, and a refused comment's form (comment-form.ts). */
  comments?: CommentsRequest;
  /** The address's query, for a page that reads more of it than the router does (a link's token). */
  query?: URLSearchParams;
  /**
   * The visitor's session (core/visitors), null without one. A page that asks is answered to this
   * visitor alone (`private, no-store`, never in the page cache), whatever it finds.
   */
  visitor?: () => Promise<Visitor | null>;
}

export interface CommentsRequest {
  /** `?comments_page=N`; 1 otherwise. */
  page: number;
  /** `?replytocom=ID`: the form answers that comment. */
  replyTo: number | null;
  /** `?comment=`: the visitor's receipt of the comment they just posted (comments/receipt.ts). */
  receipt: string | null;
  form?: CommentFormState;
}

export const ANONYMOUS_REQUEST: PageRequest = { page: 1, signedIn: false, userAgent: '' };

/** An address asking nothing of the comments: their first page, a plain form. */
export const NO_COMMENTS_REQUEST: CommentsRequest = { page: 1, replyTo: null, receipt: null };

/**
 * The broad class of device a user agent names, for conditional blocks: tablets first (an iPad or
 * an Android tablet also says "Mobile" in some browsers' strings), then phones, else a desktop.
 */
export function deviceOf(userAgent: string): 'desktop' | 'tablet' | 'mobile' {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile|Windows Phone/i.test(userAgent))
    return 'mobile';
  return 'desktop';
}

/**
 * The language to send a first-time visitor of the home page to (spec 1, automatic browser
 * language detection): the best of the site's languages their browser asks for, when it is not the
 * default one. Never for robots, never without Accept-Language, and never for someone already on
 * the site (its own address as Referer): choosing a language in the switcher is not overruled. No
 * cookie is set or read.
 */
export function preferredLocale(
  site: { default_locale: string; locales: readonly string[] },
  headers: {
    'accept-language'?: string | undefined;
    'user-agent'?: string | undefined;
    referer?: string | undefined;
  },
  host: string,
): string | null {
  if (site.locales.length < 2) return null;
  const accept = headers['accept-language'];
  const agent = headers['user-agent'] ?? '';
  if (!accept || !agent || isbot(agent)) return null;
  if (headers.referer) {
    try {
      if (new URL(headers.referer).host === host) return null;
    } catch {
      // Not an address: as if there were none.
    }
  }
  const wanted = accept
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of wanted) {
    const exact = site.locales.find((locale) => locale.toLowerCase() === tag);
    const primary = tag.split('-')[0];
    const match = exact ?? site.locales.find((locale) => locale.toLowerCase().split('-')[0] === primary);
    if (match) return match === site.default_locale ? null : match;
  }
  return null;
}
