/**
 * The submissions screen's filters, kept in the address (a filtered list can be shared, and Back
 * returns to it), sent to the list route as they are to the export.
 */
export interface SubmissionFilters {
  q: string;
  /** yyyy-mm-dd, '' for none. */
  from: string;
  to: string;
  read: 'all' | 'read' | 'unread';
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters from the address's query, anything unexpected as no filter. */
export function filtersOf(params: URLSearchParams): SubmissionFilters {
  const read = params.get('read');
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    from: day('from'),
    to: day('to'),
    read: read === 'read' || read === 'unread' ? read : 'all',
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
  };
}

/** The filters as the list and export routes take them: those not set are left out. */
export function filterQuery(filters: SubmissionFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.q.trim() !== '') query.q = filters.q.trim();
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.read !== 'all') query.read = filters.read === 'read' ? 'true' : 'false';
  if (filters.page > 1) query.page = String(filters.page);
  return query;
}

/** The export of what the list shows (every page of it), as a download. */
export function exportHref(formId: number, filters: SubmissionFilters, format: 'csv' | 'json'): string {
  const { page: _page, ...query } = filterQuery(filters);
  const params = new URLSearchParams({ ...query, format });
  return `/api/forms/forms/${formId}/export?${params}`;
}

/** The address's query with some filters changed: any change but the page's goes back to page 1. */
export function withFilters(
  params: URLSearchParams,
  change: Partial<Record<keyof SubmissionFilters | 'open', string | null>>,
) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(change))
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  if (!('page' in change) && !('open' in change)) next.delete('page');
  return next;
}
