import { describe, expect, it } from 'vitest';
import { entryProblems } from './field-checks.js';

const say = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;
const valid = { title: 'Hello', slug: 'hello-world', excerpt: '' };

describe("an entry's own columns, checked as the server does", () => {
  it('passes a valid entry, and an empty slug (the server makes it from the title)', () => {
    expect(entryProblems(valid, say)).toEqual({});
    expect(entryProblems({ ...valid, slug: '' }, say)).toEqual({});
  });

  it('wants a title that is not only spaces, of at most 300 characters', () => {
    expect(entryProblems({ ...valid, title: '  ' }, say)).toEqual({ title: 'required' });
    expect(entryProblems({ ...valid, title: 'x'.repeat(301) }, say)).toEqual({
      title: 'maxLength {"limit":300}',
    });
  });

  it('wants a slug of lowercase words joined by single hyphens', () => {
    for (const slug of ['-hello', 'hello-', 'a--b'])
      expect(entryProblems({ ...valid, slug }, say)).toEqual({ slug: 'pattern' });
    expect(entryProblems({ ...valid, slug: 'a'.repeat(201) }, say)).toEqual({
      slug: 'maxLength {"limit":200}',
    });
  });

  it('wants an excerpt of at most 5000 characters', () => {
    expect(entryProblems({ ...valid, excerpt: 'x'.repeat(5001) }, say)).toEqual({
      excerpt: 'maxLength {"limit":5000}',
    });
  });
});
