import { describe, expect, it } from 'vitest';
import { dateAgrees, matchRoute, routeOrder } from './route-match.js';

describe('matchRoute', () => {
  it('reads the placeholders of a path back', () => {
    expect(matchRoute('/{yyyy}/{mm}/{slug}', '/2026/05/hello-world')).toEqual({
      yyyy: 2026,
      mm: 5,
      path: 'hello-world',
    });
    expect(matchRoute('/{path}', '/about/team/')).toEqual({ path: 'about/team' });
    expect(matchRoute('/products/{id}', '/products/42')).toEqual({ id: 42 });
    expect(matchRoute('/blog/{slug}', '/news/x')).toBeNull();
    expect(matchRoute('/blog/{slug}', '/blog/Hello')).toBeNull();
    expect(matchRoute('/{path}', '/a/../b')).toBeNull();
  });

  it('checks dates and orders specific patterns first', () => {
    expect(dateAgrees({ yyyy: 2026, mm: 5 }, '2026-05-31T23:00:00.000Z')).toBe(true);
    expect(dateAgrees({ yyyy: 2026, mm: 6 }, '2026-05-31T23:00:00.000Z')).toBe(false);
    expect(['/{path}', '/{yyyy}/{mm}/{slug}', '/products/{slug}'].sort(routeOrder)).toEqual([
      '/products/{slug}',
      '/{yyyy}/{mm}/{slug}',
      '/{path}',
    ]);
  });
});
