import type { CommentsRequest } from './visitor.js';

/** An address of the site as the page cache and the renderer read it. */
export interface PageTarget {
  /** Site-relative, decoded, without the query. */
  path: string;
  /** `?page=N` of a paged content list; 1 otherwise. */
  page: number;
  /** The path with what of the query is part of the page's address (`page`, `comments_page`). */
  key: string;
  /** Whether the page cache may keep the page at this address. */
  cacheable: boolean;
  /** `?sent=` the contact form block a visitor comes back from (contact-form.ts). */
  sent: string | null;
  comments: CommentsRequest;
}

/**
 * The path a page is rendered for, and whether the page cache may keep it: as WordPress's page
 * caches do, an address with a query string of its own (not a campaign's tags) may mean something
 * else each time, so it is rendered and not kept; `page=N` (a paged content list) is part of the
 * page's address and kept under it.
 */
export function pageTarget(url: string): PageTarget {
  const mark = url.indexOf('?');
  const raw = mark < 0 ? url : url.slice(0, mark);
  const query = mark < 0 ? '' : url.slice(mark + 1);
  let path = raw;
  if (raw.includes('%'))
    try {
      path = decodeURIComponent(raw);
    } catch {
      // Left as sent: the page will be a 404.
    }
  const pageParam = /(?:^|&)page=([1-9][0-9]{0,5})(?:&|$)/.exec(query);
  const page = pageParam ? Number(pageParam[1]) : 1;
  // The page of an entry's comment thread is part of its address too, the same for everyone.
  const commentsParam = /(?:^|&)comments_page=([1-9][0-9]{0,5})(?:&|$)/.exec(query);
  const commentsPage = commentsParam ? Number(commentsParam[1]) : 1;
  const rest = query.replace(/(^|&)(comments_)?page=[0-9]+/g, '');
  const cacheable = !raw.startsWith('/api/') && onlyTracking(rest);
  const sent = /(?:^|&)sent=([A-Za-z0-9_-]{1,32})(?:&|$)/.exec(query)?.[1] ?? null;
  const replyTo = /(?:^|&)replytocom=([1-9][0-9]{0,15})(?:&|$)/.exec(query)?.[1];
  const receipt = /(?:^|&)comment=([A-Za-z0-9_:%-]{1,1000})(?:&|$)/.exec(query)?.[1];
  const kept = [page > 1 ? `page=${page}` : '', commentsPage > 1 ? `comments_page=${commentsPage}` : '']
    .filter(Boolean)
    .join('&');
  return {
    path,
    page,
    key: kept ? `${path}?${kept}` : path,
    cacheable,
    sent,
    comments: {
      page: commentsPage,
      replyTo: replyTo === undefined ? null : Number(replyTo),
      receipt: receipt === undefined ? null : safeDecode(receipt),
    },
  };
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Campaign and click tags that never change a page: utm_*, fbclid, gclid and their kind. */
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|ref)$/;

function onlyTracking(query: string): boolean {
  if (query === '') return true;
  return query.split('&').every((pair) => pair === '' || TRACKING.test(pair.split('=')[0] ?? ''));
}
