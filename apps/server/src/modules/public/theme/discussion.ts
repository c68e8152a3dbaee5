import { createElement as h, type ReactElement } from 'react';
import type { ThemeStrings } from './layouts.js';

/** A refused comment's form as it comes back: the faults by field (`form` for the whole), and what was typed. */
export interface CommentFormState {
  errors: Readonly<Record<string, string>>;
  values: Readonly<Record<string, string>>;
}

/** One comment of the thread, ready to show. */
export interface ShownComment {
  id: number;
  parent_id: number | null;
  author_name: string;
  author_url: string | null;
  /** The text as HTML: escaped, links made safe (comments/text.ts). */
  content_html: string;
  /** ISO 8601, and as the site writes dates. */
  created_at: string;
  date: string;
  /** Written from the admin by the site's people. */
  staff: boolean;
  /** The visitor's own comment, waiting for a moderator: shown to them alone. */
  pending: boolean;
  /** Where the form answers it; null when it takes no reply (too deep, comments closed). */
  reply_url: string | null;
}

/** What a theme's discussion layout receives, under an entry whose type takes comments. */
export interface DiscussionLayoutProps {
  strings: ThemeStrings;
  /** Approved comments in all. */
  total: number;
  /** This page of the thread, in thread order (each reply after its parent). */
  comments: ShownComment[];
  /**
   * The links to the pages holding older and newer comments. With the newest comments first
   * (the discussion setting comment_order), the older ones are on the next page, not the previous.
   */
  paging: { page: number; pages: number; older: string | null; newer: string | null; newestFirst?: boolean };
  /** The form, or null when the entry takes no comments now ("Comments are closed."). */
  form: {
    action: string;
    token: string;
    honeypot: string;
    /** Whether a name and an email address must be given (the discussion setting require_name_email). */
    requireNameEmail: boolean;
    /** Answering this comment, with the address that goes back to a plain comment. */
    replyTo: { id: number; author_name: string; cancel_url: string } | null;
    state?: CommentFormState;
  } | null;
}

/** The thread under an entry, its pages, and the form (or that comments are closed). */
export function DiscussionView(props: DiscussionLayoutProps): ReactElement {
  const { strings, total, paging, form } = props;
  const words = strings.discussion;
  const children = new Map<number | null, ShownComment[]>();
  const shownIds = new Set(props.comments.map((comment) => comment.id));
  for (const comment of props.comments) {
    // A page starts with a top-level comment: a parent not on it can only be a missing one.
    const parent = comment.parent_id !== null && shownIds.has(comment.parent_id) ? comment.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), comment]);
  }
  const thread = (parent: number | null): ReactElement | null => {
    const replies = children.get(parent);
    if (!replies) return null;
    return h(
      'ol',
      { className: parent === null ? 'tb-comments__list' : 'tb-comments__replies' },
      ...replies.map((comment) =>
        h(
          'li',
          { key: comment.id, id: `comment-${comment.id}`, className: commentClass(comment) },
          h(CommentView, { comment, strings }),
          thread(comment.id),
        ),
      ),
    );
  };
  return h(
    'section',
    { id: 'comments', className: 'tb-comments', 'aria-labelledby': 'comments-title' },
    h('h2', { id: 'comments-title' }, total > 0 ? words.count(total) : words.heading),
    thread(null),
    paging.pages > 1
      ? h(
          'nav',
          { className: 'tb-pagination', 'aria-label': words.pages },
          pageLink(
            paging.newestFirst ? paging.newer : paging.older,
            'prev',
            paging.newestFirst ? words.newer : words.older,
          ),
          h('span', { 'aria-current': 'page' }, strings.pageOf(paging.page, paging.pages)),
          pageLink(
            paging.newestFirst ? paging.older : paging.newer,
            'next',
            paging.newestFirst ? words.older : words.newer,
          ),
        )
      : null,
    form ? h(CommentForm, { form, strings }) : h('p', { className: 'tb-comments__closed' }, words.closed),
  );
}

/** The link to the previous page on the left, the next on the right, whichever holds the older comments. */
function pageLink(href: string | null, rel: 'prev' | 'next', label: string): ReactElement {
  if (!href) return h('span');
  return h('a', { href, rel }, rel === 'prev' ? `← ${label}` : `${label} →`);
}

function commentClass(comment: ShownComment): string {
  return ['tb-comment', comment.staff ? 'tb-comment--team' : '', comment.pending ? 'tb-comment--pending' : '']
    .filter(Boolean)
    .join(' ');
}

function CommentView({ comment, strings }: { comment: ShownComment; strings: ThemeStrings }) {
  const words = strings.discussion;
  return h(
    'article',
    { className: 'tb-comment__body', 'aria-labelledby': `comment-${comment.id}-author` },
    h(
      'p',
      { className: 'tb-comment__meta' },
      h(
        'b',
        { className: 'tb-comment__author', id: `comment-${comment.id}-author` },
        comment.author_url
          ? h('a', { href: comment.author_url, rel: 'nofollow ugc noopener' }, comment.author_name)
          : comment.author_name,
      ),
      comment.staff ? h('span', { className: 'tb-comment__badge' }, words.team) : null,
      ' ',
      h(
        'a',
        { className: 'tb-comment__date', href: `#comment-${comment.id}` },
        h('time', { dateTime: comment.created_at }, comment.date),
      ),
    ),
    comment.pending ? h('p', { className: 'tb-comment__pending', role: 'status' }, words.awaiting) : null,
    // Escaped and linked on the server (comments/text.ts): no markup of the commenter's survives.
    h('div', { className: 'tb-comment__content', dangerouslySetInnerHTML: { __html: comment.content_html } }),
    comment.reply_url
      ? h(
          'a',
          {
            className: 'tb-comment__reply',
            href: comment.reply_url,
            'aria-label': words.replyTo(comment.author_name),
          },
          words.reply,
        )
      : null,
  );
}

type FormProps = NonNullable<DiscussionLayoutProps['form']>;

/** Posted without any script (comment-form.ts): the faults come back next to their fields. */
function CommentForm({ form, strings }: { form: FormProps; strings: ThemeStrings }) {
  const words = strings.discussion;
  const errors = form.state?.errors ?? {};
  const values = form.state?.values ?? {};
  const field = (
    name: string,
    label: string,
    input: Record<string, unknown>,
    options: { required?: boolean; note?: string; multiline?: boolean } = {},
  ) => {
    const id = `comment-${name}`;
    const error = errors[name];
    const described = [options.note ? `${id}-note` : '', error ? `${id}-error` : ''].filter(Boolean);
    const common = {
      id,
      name,
      defaultValue: values[name] ?? '',
      required: options.required ?? false,
      ...input,
      ...(described.length > 0 ? { 'aria-describedby': described.join(' ') } : {}),
      ...(error ? { 'aria-invalid': true } : {}),
    };
    return h(
      'p',
      { className: 'tb-form__field' },
      h('label', { htmlFor: id }, label, options.required ? h('span', { 'aria-hidden': true }, ' *') : null),
      options.multiline ? h('textarea', { ...common, rows: 6 }) : h('input', common),
      options.note ? h('span', { className: 'tb-form__note', id: `${id}-note` }, options.note) : null,
      error ? h('span', { className: 'tb-form__error', id: `${id}-error` }, error) : null,
    );
  };
  const entries = Object.entries(errors);
  return h(
    'div',
    { id: 'respond', className: 'tb-form tb-comment-form' },
    h(
      'h2',
      { id: 'respond-title' },
      form.replyTo ? words.replyTo(form.replyTo.author_name) : words.leave,
      form.replyTo
        ? h('small', null, ' ', h('a', { href: form.replyTo.cancel_url }, words.cancelReply))
        : null,
    ),
    entries.length > 0
      ? h(
          'div',
          { className: 'tb-form__errors', role: 'alert' },
          h('p', null, words.errorsTitle),
          h(
            'ul',
            null,
            ...entries.map(([name, message]) =>
              h(
                'li',
                { key: name },
                name === 'form' ? message : h('a', { href: `#comment-${name}` }, message),
              ),
            ),
          ),
        )
      : null,
    h(
      'form',
      {
        method: 'post',
        action: form.action,
        className: 'tb-form__form',
        'aria-labelledby': 'respond-title',
      },
      h('input', { type: 'hidden', name: 'token', value: form.token }),
      form.replyTo ? h('input', { type: 'hidden', name: 'parent_id', value: String(form.replyTo.id) }) : null,
      field('comment', words.comment, { maxLength: 5000 }, { required: true, multiline: true }),
      field(
        'name',
        words.name,
        { type: 'text', maxLength: 100, autoComplete: 'name' },
        { required: form.requireNameEmail },
      ),
      field(
        'email',
        words.email,
        { type: 'email', maxLength: 254, autoComplete: 'email' },
        { required: form.requireNameEmail, note: words.emailNote },
      ),
      field('url', words.website, { type: 'url', maxLength: 500, autoComplete: 'url' }),
      // Off screen and out of the tab order: a person never fills it in.
      h(
        'div',
        { className: 'tb-form__trap', 'aria-hidden': true },
        h('label', { htmlFor: 'comment-trap' }, words.leaveEmpty),
        h('input', {
          id: 'comment-trap',
          name: form.honeypot,
          type: 'text',
          tabIndex: -1,
          autoComplete: 'off',
          defaultValue: '',
        }),
      ),
      h(
        'button',
        { type: 'submit', className: 'tb-button tb-button--primary tb-button--medium' },
        words.submit,
      ),
    ),
  );
}
