import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstFreeSlug, MAX_SLUG_LENGTH, slugify } from './slugs.js';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['Crème brûlée & Ætna', 'creme-brulee-and-aetna'],
    ['  Straße -- über  alles!! ', 'strasse-uber-alles'],
    ['Łódź, Øresund', 'lodz-oresund'],
    ['2026: A year', '2026-a-year'],
    ['🎉🎉', ''],
  ])('%s -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('always gives a valid slug or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (title) => {
        const slug = slugify(title);
        expect(slug === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
      }),
    );
  });
});

describe('firstFreeSlug', () => {
  it('numbers from 2 and skips what is taken', () => {
    expect(firstFreeSlug('about', [])).toBe('about');
    expect(firstFreeSlug('about', ['about'])).toBe('about-2');
    expect(firstFreeSlug('about', ['about', 'about-2', 'about-3'])).toBe('about-4');
  });

  it('stays within the length limit', () => {
    const long = 'a'.repeat(MAX_SLUG_LENGTH);
    const slug = firstFreeSlug(long, [long]);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug.endsWith('-2')).toBe(true);
  });
});
