import { dayInZone } from '../zoned.js';

/**
 * What a content list shows, kept in the address's query string so a filtered list can be shared
 * and survives a reload: read leniently (an unknown value falls back to the default), written with
 * the defaults left out.
 */

export const STATUSES = ['any', 'draft', 'in_review', 'scheduled', 'published', 'trash'] as const;
export type StatusFilter = (typeof STATUSES)[number];
export const SORTS = ['updated_at', 'created_at', 'published_at', 'title'] as const;
export type Sort = (typeof SORTS)[number];
export const DATE_FIELDS = ['created_at', 'updated_at', 'published_at'] as const;
export type DateField = (typeof DATE_FIELDS)[number];
export type Order = 'asc' | 'desc';

export interface ListQuery {
  status: StatusFilter;
  q: string;
  sort: Sort;
  order: Order;
  author: number | null;
  term: number | null;
  locale: string | null;
  /** Which date `from` and `to` bound. */
  dates: DateField;
  /** Days of the site's calendar, YYYY-MM-DD, both included. */
  from: string | null;
  to: string | null;
  /** A plugin's list filter and its value, as the API takes it (`seo.rating:good`). */
  filter: string | null;
  page: number;
}

/** Titles read A to Z, dates newest first: what a sort starts with until the user turns it. */
export function defaultOrder(sort: Sort): Order {
  return sort === 'title' ? 'asc' : 'desc';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PLUGIN_FILTER = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*:[A-Za-z0-9_-]{1,40}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((each) => each === value) ?? fallback;
}

function positive(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

export function readListQuery(params: URLSearchParams): ListQuery {
  const sort = oneOf(SORTS, params.get('sort'), 'updated_at');
  const locale = params.get('locale');
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : null;
  };
  return {
    status: oneOf(STATUSES, params.get('status'), 'any'),
    q: params.get('q')?.trim().slice(0, 200) ?? '',
    sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order'), defaultOrder(sort)),
    author: positive(params.get('author')),
    term: positive(params.get('term')),
    locale: locale && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale) ? locale : null,
    dates: oneOf(DATE_FIELDS, params.get('dates'), 'created_at'),
    from: day('from'),
    to: day('to'),
    filter: PLUGIN_FILTER.test(params.get('filter') ?? '') ? params.get('filter') : null,
    page: positive(params.get('page')) ?? 1,
  };
}

export function writeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | null, fallback?: string | number) => {
    if (value !== null && value !== '' && value !== fallback) params.set(name, String(value));
  };
  set('status', query.status, 'any');
  set('q', query.q);
  set('sort', query.sort, 'updated_at');
  set('order', query.order, defaultOrder(query.sort));
  set('author', query.author);
  set('term', query.term);
  set('locale', query.locale);
  // Which dates only matters once a range is set.
  if (query.from || query.to) set('dates', query.dates, 'created_at');
  set('from', query.from);
  set('to', query.to);
  set('filter', query.filter);
  set('page', query.page, 1);
  return params;
}

/** Whether anything beyond the state, the search and the sort narrows the list. */
export function isFiltered(query: ListQuery): boolean {
  return (
    query.author !== null ||
    query.term !== null ||
    query.locale !== null ||
    query.from !== null ||
    query.to !== null ||
    query.filter !== null
  );
}

/** A range whose end comes before its start: said beside the end, and the end left out. */
export function rangeIsBackwards(query: ListQuery): boolean {
  return query.from !== null && query.to !== null && query.to < query.from;
}

/**
 * The list's query for GET /api/content/{type}: the site's days turned into the instants they span
 * in its time zone (the server's bounds are inclusive: the end is the last millisecond of `to`).
 */
export function apiQueryOf(query: ListQuery, zone: string, limit: number) {
  const start = query.from ? dayInZone(query.from, zone)?.start : undefined;
  const next = query.to && !rangeIsBackwards(query) ? dayInZone(query.to, zone)?.next : undefined;
  const end = next ? new Date(Date.parse(next) - 1).toISOString() : undefined;
  return {
    status: query.status,
    sort: query.sort,
    order: query.order,
    page: query.page,
    limit,
    ...(query.q ? { q: query.q } : {}),
    ...(query.author !== null ? { author: query.author } : {}),
    ...(query.term !== null ? { term: query.term } : {}),
    ...(query.locale !== null ? { locale: query.locale } : {}),
    ...(start || end ? { date_field: query.dates } : {}),
    ...(start ? { from: start } : {}),
    ...(end ? { to: end } : {}),
    ...(query.filter !== null ? { filter: query.filter } : {}),
  };
}
