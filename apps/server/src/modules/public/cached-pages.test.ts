import { describe, expect, it } from 'vitest';
import type { Site } from '../../core/sites/site.js';
import { lookUpPage, pageKey } from './cached-pages.js';
import { pageTarget } from './page-address.js';
import { PageCache } from './page-cache.js';

const site = (locales: string[]) =>
  ({ id: 1, updated_at: 's1', default_locale: 'en', locales }) as unknown as Site;

const kept = (html: string) => ({
  status: 200 as const,
  body: Buffer.from(html),
  etag: `"${html.length}"`,
  headers: {},
  rawHeaders: [],
});

const FRENCH_VISITOR = { 'accept-language': 'fr-FR,fr;q=0.9', 'user-agent': 'Mozilla/5.0 Firefox/130.0' };

describe('lookUpPage, the page cache lookup of the fast lane and the route', () => {
  it('finds a page under the origin and the address it was kept for', () => {
    const cache = new PageCache();
    const english = site(['en']);
    const blog = pageTarget('/blog?page=2&utm_source=mail');
    cache.set(1, 's1', pageKey('https', 'a.test', blog), kept('<p>blog 2</p>'), []);
    const found = lookUpPage(cache, english, 'https', 'a.test', blog, {});
    expect(found && 'body' in found ? found.body.toString() : null).toBe('<p>blog 2</p>');
    // Another host or scheme writes other absolute links: not the same page.
    expect(lookUpPage(cache, english, 'https', 'www.a.test', blog, {})).toBeNull();
    expect(lookUpPage(cache, english, 'http', 'a.test', blog, {})).toBeNull();
  });

  it('finds nothing at an address the cache does not keep, whatever is kept under its path', () => {
    const cache = new PageCache();
    cache.set(1, 's1', pageKey('https', 'a.test', pageTarget('/blog')), kept('<p>blog</p>'), []);
    expect(lookUpPage(cache, site(['en']), 'https', 'a.test', pageTarget('/blog?q=x'), {})).toBeNull();
  });

  it('sends a first-time visitor of a site of several languages from its home page to theirs', () => {
    const cache = new PageCache();
    const home = pageTarget('/');
    cache.set(1, 's1', pageKey('https', 'a.test', home), kept('<p>home</p>'), []);
    expect(lookUpPage(cache, site(['en', 'fr']), 'https', 'a.test', home, FRENCH_VISITOR)).toEqual({
      languageHome: 'fr',
    });
    // Even at an address the cache does not keep, as the route always did.
    expect(
      lookUpPage(cache, site(['en', 'fr']), 'https', 'a.test', pageTarget('/?q=x'), FRENCH_VISITOR),
    ).toEqual({ languageHome: 'fr' });
    // Someone already on the site chose the page in the switcher; a site of one language has no other.
    const onSite = { ...FRENCH_VISITOR, referer: 'https://a.test/fr/' };
    expect(lookUpPage(cache, site(['en', 'fr']), 'https', 'a.test', home, onSite)).toMatchObject({
      etag: '"11"',
    });
    expect(lookUpPage(cache, site(['en']), 'https', 'a.test', home, FRENCH_VISITOR)).toMatchObject({
      etag: '"11"',
    });
  });
});
