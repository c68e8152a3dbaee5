import { describe, expect, it } from 'vitest';
import { freeSlug, slugFromTitle } from './slugs.js';

describe('form slugs', () => {
  it('come from the title, accents and signs left out', () => {
    expect(slugFromTitle('Contact us – Été 2026!')).toBe('contact-us-ete-2026');
    expect(slugFromTitle('¿¡!')).toBe('form');
    expect(slugFromTitle(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59));
  });

  it('take a number when the title’s is taken, within 60 characters', () => {
    expect(freeSlug('contact', new Set())).toBe('contact');
    expect(freeSlug('contact', new Set(['contact', 'contact-2']))).toBe('contact-3');
    expect(freeSlug('a'.repeat(60), new Set(['a'.repeat(60)]))).toBe(`${'a'.repeat(58)}-2`);
  });
});
