import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { commentsOf } from '../comments/module.js';
import { type DiscussedEntry, FORM_LIFETIME_MS } from '../comments/service.js';
import type { DiscussionLayoutProps } from './theme/discussion.js';
import type { ThemeStrings } from './theme/layouts.js';
import type { CommentsRequest } from './visitor.js';

/** An entry's discussion as its page shows it, and what that does to the page's caching. */
export interface DiscussionOnPage {
  props: DiscussionLayoutProps;
  /** Shows the visitor their own pending comment: for them alone, kept by no cache. */
  own: boolean;
  /** The page is right until then only (the form's token ages, comments close), ms since the epoch. */
  until: number | null;
}

/**
 * The comment thread and form under an entry at `pagePath`; null when the entry shows none (its type
 * takes no comments and has none), 'missing' for a `comments_page` past the last.
 */
export async function discussionOnPage(
  runtime: Runtime,
  site: Site,
  entry: DiscussedEntry,
  pagePath: string,
  request: CommentsRequest,
  strings: ThemeStrings,
  timeZone: string,
  locale: string,
): Promise<DiscussionOnPage | null | 'missing'> {
  const discussion = await commentsOf(runtime).discussion(
    visitorContext(runtime, site),
    entry,
    request.page,
    request.receipt,
  );
  if (!discussion) return null;
  if (discussion.page > discussion.pages) return 'missing';
  const at = (page: number, extra = '') => {
    const query = [page > 1 ? `comments_page=${page}` : '', extra].filter(Boolean).join('&');
    return query ? `${pagePath}?${query}` : pagePath;
  };
  const written = dateTimeFormat(locale, timeZone);
  const named = (name: string) => name || strings.discussion.anonymous;
  const replyTo = discussion.form
    ? discussion.comments.find((comment) => comment.id === request.replyTo && comment.status === 'approved')
    : undefined;
  const props: DiscussionLayoutProps = {
    strings,
    total: discussion.total,
    comments: discussion.comments.map((comment) => ({
      id: comment.id,
      parent_id: comment.parent_id,
      author_name: named(comment.author_name),
      author_url: comment.author_url,
      content_html: comment.content_html,
      created_at: comment.created_at,
      date: written.format(new Date(comment.created_at)),
      staff: comment.staff,
      pending: comment.status === 'pending',
      reply_url:
        discussion.form && comment.status === 'approved' && comment.depth < discussion.max_depth
          ? `${at(discussion.page, `replytocom=${comment.id}`)}#respond`
          : null,
    })),
    paging: pagingLinks(discussion.page, discussion.pages, discussion.order === 'newest', at),
    form: discussion.form
      ? {
          action: `/_comments/${entry.id}`,
          token: discussion.form.token,
          honeypot: discussion.form.honeypot,
          requireNameEmail: discussion.form.require_name_email,
          replyTo: replyTo
            ? {
                id: replyTo.id,
                author_name: named(replyTo.author_name),
                cancel_url: `${at(discussion.page)}#respond`,
              }
            : null,
          ...(request.form ? { state: request.form } : {}),
        }
      : null,
  };
  // A cached page's token must leave the visitor time to write: the page is rendered again halfway
  // through the token's life, and when the comments close by themselves.
  const until = discussion.form
    ? Math.min(Date.now() + FORM_LIFETIME_MS / 2, discussion.closes_at ?? Number.POSITIVE_INFINITY)
    : null;
  return {
    props,
    own: discussion.comments.some((comment) => comment.status === 'pending'),
    until,
  };
}

/**
 * The links to the pages either side: with the newest comments first, the next page holds older
 * ones and the previous page newer ones.
 */
function pagingLinks(
  page: number,
  pages: number,
  newestFirst: boolean,
  at: (page: number) => string,
): DiscussionLayoutProps['paging'] {
  const previous = page > 1 ? `${at(page - 1)}#comments` : null;
  const next = page < pages ? `${at(page + 1)}#comments` : null;
  return newestFirst
    ? { page, pages, newestFirst, older: next, newer: previous }
    : { page, pages, newestFirst, older: previous, newer: next };
}

// One per locale and zone, as for dates: building an Intl.DateTimeFormat is costly.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone });
    if (formats.size < 200) formats.set(key, format);
  }
  return format;
}
