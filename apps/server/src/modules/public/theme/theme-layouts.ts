import { createElement as h, type ReactElement } from 'react';
import { type DiscussionLayoutProps, DiscussionView } from './discussion.js';
import {
  Document,
  type DocumentLayoutProps,
  type EntryLayoutProps,
  EntryList,
  EntryView,
  type ListLayoutProps,
  type NotFoundLayoutProps,
  NotFoundView,
  Picture,
  SearchForm,
  type ThemeStrings,
} from './layouts.js';

/** What a theme's search results layout receives. */
export interface SearchLayoutProps {
  query: string;
  list: ListLayoutProps;
  strings: ThemeStrings;
}

/** What a theme's member-only notice receives: shown instead of an entry its visitor may not read. */
export interface MemberOnlyLayoutProps {
  title: string;
  /** The entry's excerpt: what a visitor who may not read it is shown of it (plain text; may be empty). */
  teaser: string;
  /** Why it is not shown: the visitor is not signed in, or lacks what it needs (a plan). */
  reason: 'sign_in' | 'plan';
  strings: ThemeStrings;
  /** Where to sign in, when the visitor is not signed in. */
  signInUrl: string | null;
  /** The restricting plugin's call to action (join a plan), or null. */
  action: { label: string; url: string } | null;
}

type Layout<P> = (props: P) => ReactElement | null;

/**
 * A theme's layouts, one per kind of page. A theme package overrides any of them (its layouts.js)
 * and keeps the default theme's for the rest; `types` gives one content type's entries a layout of
 * their own (`{ event: EventLayout }`).
 */
export interface ThemeLayouts {
  /** The document around every page: head, header, main, footer. */
  document: Layout<DocumentLayoutProps>;
  /** A page (the hierarchical `page` type). */
  page: Layout<EntryLayoutProps>;
  /** A single entry of any other type. */
  entry: Layout<EntryLayoutProps>;
  types: Readonly<Record<string, Layout<EntryLayoutProps>>>;
  /** The latest posts: the home page and its later pages. */
  archive: Layout<ListLayoutProps>;
  /** The entries filed under a category or tag. */
  term: Layout<ListLayoutProps>;
  search: Layout<SearchLayoutProps>;
  notFound: Layout<NotFoundLayoutProps>;
  memberOnly: Layout<MemberOnlyLayoutProps>;
  /** The comments under an entry whose type takes them, and their form. */
  discussion: Layout<DiscussionLayoutProps>;
}

function SearchView(props: SearchLayoutProps) {
  return h(
    'div',
    null,
    h(SearchForm, { strings: props.strings, value: props.query, id: 'search-page' }),
    h(EntryList, props.list),
  );
}

function MemberOnlyView(props: MemberOnlyLayoutProps) {
  return h(
    'div',
    { className: 'tb-notice' },
    h('h1', null, props.title),
    props.teaser ? h('p', { className: 'tb-notice__teaser' }, props.teaser) : null,
    h(
      'p',
      null,
      props.reason === 'plan'
        ? props.strings.planRequiredText
        : props.signInUrl
          ? props.strings.membersOnlyText
          : props.strings.membersOnlyClosedText,
    ),
    h(
      'p',
      null,
      props.action
        ? h(
            'a',
            { className: 'tb-button tb-button--primary tb-button--medium', href: props.action.url },
            props.action.label,
          )
        : null,
      props.action && props.signInUrl ? ' ' : null,
      props.signInUrl
        ? h(
            'a',
            {
              className: `tb-button tb-button--${props.action ? 'secondary' : 'primary'} tb-button--medium`,
              href: props.signInUrl,
            },
            props.strings.signIn,
          )
        : null,
    ),
  );
}

/** The default theme's layouts: every other theme starts from them. */
export const defaultLayouts: ThemeLayouts = {
  document: Document,
  page: EntryView,
  entry: EntryView,
  types: {},
  archive: EntryList,
  term: EntryList,
  search: SearchView,
  notFound: NotFoundView,
  memberOnly: MemberOnlyView,
  discussion: DiscussionView,
};

/**
 * What a theme package's layouts.js receives: its default export is `(kit) => ({ ...layouts })`.
 * Themes need not bundle React: `h` is React's createElement, and the default layouts and parts
 * are there to wrap or reuse.
 */
export interface ThemeKit {
  h: typeof h;
  defaults: ThemeLayouts;
  parts: { SearchForm: typeof SearchForm; Picture: typeof Picture };
}

export const themeKit: ThemeKit = { h, defaults: defaultLayouts, parts: { SearchForm, Picture } };

/** The layouts of a theme package over the defaults; an unknown key or a non-function is refused. */
export function mergeLayouts(overrides: unknown): ThemeLayouts {
  if (overrides === null || typeof overrides !== 'object')
    throw new Error('layouts.js must return an object of layouts.');
  const merged: Record<string, unknown> = { ...defaultLayouts };
  for (const [name, layout] of Object.entries(overrides)) {
    if (name === 'types') {
      if (layout === null || typeof layout !== 'object')
        throw new Error('`types` must map content types to layouts.');
      for (const [type, typed] of Object.entries(layout))
        if (typeof typed !== 'function') throw new Error(`types.${type} is not a layout (a function).`);
      merged.types = layout;
      continue;
    }
    if (!(name in defaultLayouts))
      throw new Error(`"${name}" is not a layout: ${Object.keys(defaultLayouts).join(', ')}.`);
    if (typeof layout !== 'function') throw new Error(`${name} is not a layout (a function).`);
    merged[name] = layout;
  }
  return merged as unknown as ThemeLayouts;
}
