import { describe, expect, it } from 'vitest';
import { checkRoutePattern, routeOf } from './route-pattern.js';

describe('route patterns', () => {
  it.each([
    ['/products/{slug}', false],
    ['/{yyyy}/{mm}/{slug}', false],
    ['/{path}', true],
    ['/docs/{id}', false],
  ])('accepts %s', (pattern, hierarchical) => {
    expect(checkRoutePattern(pattern, hierarchical)).toBeNull();
  });

  it.each([
    ['products/{slug}', 'starts with /'],
    ['/products', 'needs {slug}'],
    ['/{slug}/{slug}', 'twice'],
    ['/{name}', 'not a placeholder'],
    ['/Products/{slug}', 'not a valid segment'],
    ['/{path}', 'hierarchical'],
    ['/a/../{slug}', 'not a valid segment'],
  ])('refuses %s', (pattern, reason) => {
    expect(checkRoutePattern(pattern, false)).toContain(reason);
  });

  it('fills the placeholders', () => {
    const date = new Date('2026-03-04T10:00:00Z');
    expect(routeOf('/{yyyy}/{mm}/{dd}/{slug}', { id: 7, slug: 'hello', path: 'hello', date })).toBe(
      '/2026/03/04/hello',
    );
    expect(routeOf('/{path}', { id: 7, slug: 'berlin', path: 'about/team/berlin', date })).toBe(
      '/about/team/berlin',
    );
    expect(routeOf('/p/{id}', { id: 7, slug: 'x', path: 'x', date })).toBe('/p/7');
  });
});
