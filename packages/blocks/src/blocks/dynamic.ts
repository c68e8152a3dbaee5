import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { createElement as h, type ReactElement } from 'react';
import { defineBlock, RowId } from '../block.js';
import { classes, type EntryList, useBlockEnvironment, useBlockStyle } from '../context.js';
import { responsiveDeclarations } from '../page-assets.js';
import { Responsive } from '../responsive.js';
import { gridColumns } from './grid.js';
import { mediaImage } from './image.js';

const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,199}$' });

/** How a list of entries looks: shared by latest posts and content list. */
const Display = {
  layout: Type.Union([Type.Literal('list'), Type.Literal('grid')], { default: 'list' }),
  columns: Responsive(Type.Integer({ minimum: 1, maximum: 4 }), 3),
  showImage: Type.Boolean({ default: false, description: 'The featured image' }),
  showExcerpt: Type.Boolean({ default: true }),
  showDate: Type.Boolean({ default: true }),
  showAuthor: Type.Boolean({ default: false }),
  titleLevel: Type.Integer({ minimum: 2, maximum: 6, default: 3 }),
  emptyText: Type.String({ maxLength: 300, default: 'Nothing has been published here yet.' }),
};
type DisplayProps = Static<ReturnType<typeof Type.Object<typeof Display>>>;

function EntryCards(props: { display: DisplayProps; list: EntryList | undefined }): ReactElement {
  const { display, list } = props;
  const environment = useBlockEnvironment();
  const style = useBlockStyle(
    display.layout === 'grid' ? responsiveDeclarations(display.columns, gridColumns) : {},
  );
  if (!list || list.items.length === 0) return h('p', { className: 'tb-entries__empty' }, display.emptyText);
  return h(
    'ul',
    { className: classes('tb-entries', `tb-entries--${display.layout}`, style) },
    ...list.items.map((entry) => {
      const meta = [
        display.showDate
          ? h(
              'time',
              { key: 'd', dateTime: entry.published_at },
              environment.formatDate?.(entry.published_at) ?? entry.published_at.slice(0, 10),
            )
          : null,
        display.showAuthor && entry.author ? h('span', { key: 'a' }, entry.author) : null,
        entry.comments && environment.formatCommentCount
          ? h(
              'a',
              { key: 'c', href: `${entry.url}#comments` },
              environment.formatCommentCount(entry.comments),
            )
          : null,
      ].filter(Boolean);
      return h(
        'li',
        { key: entry.id, className: 'tb-entries__item' },
        display.showImage && entry.image
          ? // The title's link follows: the picture's is out of the tab order and unannounced.
            h(
              'a',
              { href: entry.url, className: 'tb-entries__image', tabIndex: -1, 'aria-hidden': true },
              mediaImage(entry.image, { alt: '', sizes: '(max-width: 640px) 100vw, 400px' }),
            )
          : null,
        h(
          `h${display.titleLevel}`,
          { className: 'tb-entries__title' },
          h('a', { href: entry.url }, entry.title),
        ),
        meta.length > 0 ? h('p', { className: 'tb-entries__meta' }, ...meta) : null,
        display.showExcerpt && entry.excerpt
          ? h('p', { className: 'tb-entries__excerpt' }, entry.excerpt)
          : null,
      );
    }),
  );
}

function props<T extends Record<string, TSchema>>(own: T) {
  return Type.Object({ ...own, ...Display }, { additionalProperties: false });
}

/** The latest posts, optionally of one category, resolved when the page renders. */
export const latestPosts = defineBlock({
  type: 'latest-posts',
  category: 'dynamic',
  label: 'Latest posts',
  icon: 'news',
  props: props({
    count: Type.Integer({ minimum: 1, maximum: 24, default: 3 }),
    category: Type.Optional(Slug),
  }),
  children: 'none',
  query: (p) => ({
    type: 'post',
    count: p.count,
    ...(p.category ? { term: { taxonomy: 'category', slug: p.category } } : {}),
    order: 'newest',
    paged: false,
  }),
  component: function LatestPostsBlock({ block, props }) {
    return h(EntryCards, { display: props, list: useBlockEnvironment().list?.(block.id) });
  },
});

/**
 * Entries of any content type, filtered by a term and an author, in a chosen order; with `paged`,
 * the page's `?page=N` pages it (the pagination block shows the links).
 */
export const contentList = defineBlock({
  type: 'content-list',
  category: 'dynamic',
  label: 'Content list',
  icon: 'list-details',
  props: props({
    contentType: Type.String({
      pattern: '^[a-z][a-z0-9_]{0,39}$',
      default: 'post',
      description: 'post, page, or a custom type',
    }),
    taxonomy: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' })),
    term: Type.Optional(Slug),
    authorId: Type.Optional(RowId()),
    count: Type.Integer({ minimum: 1, maximum: 50, default: 6 }),
    order: Type.Union([Type.Literal('newest'), Type.Literal('oldest'), Type.Literal('title')], {
      default: 'newest',
    }),
    paged: Type.Boolean({ default: false, description: 'Pages through all of them with a pagination block' }),
  }),
  children: 'none',
  query: (p) => ({
    type: p.contentType,
    count: p.count,
    ...(p.taxonomy && p.term ? { term: { taxonomy: p.taxonomy, slug: p.term } } : {}),
    ...(p.authorId ? { authorId: p.authorId } : {}),
    order: p.order,
    paged: p.paged,
  }),
  component: function ContentListBlock({ block, props }) {
    return h(EntryCards, { display: props, list: useBlockEnvironment().list?.(block.id) });
  },
});

/** The page numbers shown: the first, the last, and the current one with its neighbours. */
export function pageNumbers(page: number, pages: number): Array<number | 'gap'> {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((x, y) => x - y);
  return shown.flatMap((n, i) => (i > 0 && n - (shown[i - 1] ?? n) > 1 ? ['gap' as const, n] : [n]));
}

/** Links through the pages of the page's paged content list; nothing when it has one page. */
export const pagination = defineBlock({
  type: 'pagination',
  category: 'navigation',
  label: 'Pagination',
  icon: 'dots',
  props: Type.Object(
    {
      label: Type.String({ maxLength: 100, default: 'Pages' }),
      previous: Type.String({ maxLength: 60, default: 'Previous' }),
      next: Type.String({ maxLength: 60, default: 'Next' }),
      numbers: Type.Boolean({ default: true, description: 'Page numbers between previous and next' }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function PaginationBlock({ props }) {
    const paging = useBlockEnvironment().paging;
    if (!paging || paging.pages < 2) return null;
    const { page, pages } = paging;
    return h(
      'nav',
      { className: 'tb-pagination tb-pagination-block', 'aria-label': props.label },
      page > 1 ? h('a', { href: paging.href(page - 1), rel: 'prev' }, `← ${props.previous}`) : h('span'),
      props.numbers
        ? h(
            'ol',
            { className: 'tb-pagination__pages' },
            ...pageNumbers(page, pages).map((n, i) =>
              h(
                'li',
                { key: i },
                n === 'gap'
                  ? h('span', { 'aria-hidden': true }, '…')
                  : n === page
                    ? h('span', { 'aria-current': 'page' }, String(n))
                    : h('a', { href: paging.href(n) }, String(n)),
              ),
            ),
          )
        : null,
      page < pages ? h('a', { href: paging.href(page + 1), rel: 'next' }, `${props.next} →`) : h('span'),
    );
  },
});
