import { describe, expect, it } from 'vitest';
import { apiQueryOf, isFiltered, readListQuery, writeListQuery } from './list-query.js';

const read = (search: string) => readListQuery(new URLSearchParams(search));

describe("a content list's query string", () => {
  it('reads the defaults from an empty address and writes nothing for them', () => {
    const query = read('');
    expect(query).toEqual({
      status: 'any',
      q: '',
      sort: 'updated_at',
      order: 'desc',
      author: null,
      term: null,
      locale: null,
      dates: 'created_at',
      from: null,
      to: null,
      filter: null,
      page: 1,
    });
    expect(writeListQuery(query).toString()).toBe('');
    expect(isFiltered(query)).toBe(false);
  });

  it('reads back what it wrote', () => {
    const search =
      'status=draft&q=storm+warning&sort=title&order=desc&author=4&term=12&locale=fr&dates=published_at&from=2026-05-01&to=2026-05-31&page=3';
    const query = read(search);
    expect(query).toMatchObject({ sort: 'title', order: 'desc', author: 4, term: 12, locale: 'fr', page: 3 });
    expect(writeListQuery(query).toString()).toBe(search);
    expect(isFiltered(query)).toBe(true);
  });

  it("keeps a plugin's list filter as the API takes it, and drops a malformed one", () => {
    const query = read('filter=seo.rating:good');
    expect(query.filter).toBe('seo.rating:good');
    expect(isFiltered(query)).toBe(true);
    expect(writeListQuery(query).toString()).toBe('filter=seo.rating%3Agood');
    expect(apiQueryOf(query, 'UTC', 20)).toMatchObject({ filter: 'seo.rating:good' });
    expect(read('filter=seo.rating').filter).toBeNull();
    expect(read('filter=rating:good').filter).toBeNull();
    expect(read('filter=seo.rating:a b').filter).toBeNull();
  });

  it('sorts titles A to Z and dates newest first unless told, and keeps only a turned order', () => {
    expect(read('sort=title').order).toBe('asc');
    expect(read('sort=created_at').order).toBe('desc');
    expect(writeListQuery(read('sort=title&order=asc')).toString()).toBe('sort=title');
    expect(writeListQuery(read('order=asc')).toString()).toBe('order=asc');
  });

  it('falls back to the default for what it does not know, rather than failing', () => {
    expect(
      read('status=gone&sort=size&order=up&author=-1&term=abc&locale=<b>&dates=x&from=1%2F5&page=0'),
    ).toEqual(read(''));
  });

  it("asks the server for the site's days, the end included to its last millisecond", () => {
    const query = read('from=2026-05-01&to=2026-05-02&dates=updated_at&author=4');
    expect(apiQueryOf(query, 'Asia/Tokyo', 20)).toEqual({
      status: 'any',
      sort: 'updated_at',
      order: 'desc',
      page: 1,
      limit: 20,
      author: 4,
      date_field: 'updated_at',
      from: '2026-04-30T15:00:00.000Z',
      to: '2026-05-02T14:59:59.999Z',
    });
  });

  it('leaves out an end before the start', () => {
    const sent = apiQueryOf(read('from=2026-05-10&to=2026-05-01'), 'UTC', 20);
    expect(sent).toMatchObject({ from: '2026-05-10T00:00:00.000Z', date_field: 'created_at' });
    expect(sent).not.toHaveProperty('to');
  });
});
