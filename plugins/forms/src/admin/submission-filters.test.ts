import { describe, expect, it } from 'vitest';
import { exportHref, filterQuery, filtersOf, withFilters } from './submission-filters.js';

describe("the submissions screen's filters", () => {
  it('are read from the address, anything unexpected as no filter', () => {
    expect(filtersOf(new URLSearchParams('q=lisbon&from=2025-01-02&to=nope&read=unread&page=3'))).toEqual({
      q: 'lisbon',
      from: '2025-01-02',
      to: '',
      read: 'unread',
      page: 3,
    });
    expect(filtersOf(new URLSearchParams('read=maybe&page=-2'))).toMatchObject({ read: 'all', page: 1 });
  });

  it('are sent as the routes take them, those not set left out', () => {
    expect(filterQuery(filtersOf(new URLSearchParams('q=%20a%20&read=read&page=2')))).toEqual({
      q: 'a',
      read: 'true',
      page: '2',
    });
    expect(filterQuery(filtersOf(new URLSearchParams('read=unread')))).toEqual({ read: 'false' });
    expect(filterQuery(filtersOf(new URLSearchParams('')))).toEqual({});
  });

  it('give the export every page of what the list shows', () => {
    const filters = filtersOf(new URLSearchParams('q=a&b&from=2025-01-02&read=unread&page=4'));
    expect(exportHref(7, filters, 'csv')).toBe(
      '/api/forms/forms/7/export?q=a&from=2025-01-02&read=false&format=csv',
    );
    expect(exportHref(7, filtersOf(new URLSearchParams('')), 'json')).toBe(
      '/api/forms/forms/7/export?format=json',
    );
  });

  it('go back to the first page when a filter changes, not when a page or a submission is opened', () => {
    const params = new URLSearchParams('q=a&page=3');
    expect(withFilters(params, { q: 'b' }).toString()).toBe('q=b');
    expect(withFilters(params, { page: '4' }).toString()).toBe('q=a&page=4');
    expect(withFilters(params, { open: '12' }).toString()).toBe('q=a&page=3&open=12');
    expect(withFilters(params, { q: null }).toString()).toBe('');
  });
});
