import { describe, expect, it } from 'vitest';
import { RedirectPaths } from './redirect-paths.js';

describe('RedirectPaths', () => {
  it('reads a site once, then answers from memory until the site is forgotten', async () => {
    const reads: number[] = [];
    const stored = new Map([[1, ['/old']]]);
    const paths = new RedirectPaths(async (siteId) => {
      reads.push(siteId);
      return stored.get(siteId) ?? [];
    });
    expect(await paths.mayRedirect(1, '/old')).toBe(true);
    expect(await paths.mayRedirect(1, '/page')).toBe(false);
    expect(await paths.mayRedirect(2, '/old')).toBe(false);
    expect(reads).toEqual([1, 2]);

    stored.set(1, ['/page']);
    expect(await paths.mayRedirect(1, '/page')).toBe(false);
    paths.forget(1);
    expect(await paths.mayRedirect(1, '/page')).toBe(true);
    expect(await paths.mayRedirect(1, '/old')).toBe(false);
    expect(reads).toEqual([1, 2, 1]);
  });

  it('does not keep a read that a change overtook, nor one that failed', async () => {
    let answer: (paths: string[]) => void = () => {};
    let fail = true;
    const paths = new RedirectPaths(async () => {
      if (fail) {
        fail = false;
        throw new Error('database gone');
      }
      return new Promise<string[]>((resolve) => {
        answer = resolve;
      });
    });
    await expect(paths.mayRedirect(1, '/a')).rejects.toThrow('database gone');

    const before = paths.mayRedirect(1, '/a');
    paths.forget(1);
    answer([]);
    expect(await before).toBe(false);
    const after = paths.mayRedirect(1, '/a');
    answer(['/a']);
    expect(await after).toBe(true);
  });

  it('asks every time for a site with too many redirects to hold', async () => {
    const many = Array.from({ length: 20_001 }, (_, i) => `/old-${i}`);
    const paths = new RedirectPaths(async () => many);
    expect(await paths.mayRedirect(1, '/anything')).toBe(true);
  });
});
