import { describe, expect, it } from 'vitest';
import { browserOf, channelOf, notCounted, pathOf, referrerHost, utmSourceOf } from './classify.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('what analytics keeps of a request', () => {
  it('groups referrers into direct, internal, search, social and other sites', () => {
    const of = (referer: string | undefined) => channelOf(referrerHost(referer), 'www.harbour.test:8080');
    expect(of(undefined)).toBe('direct');
    expect(of('not a url')).toBe('direct');
    expect(of('https://harbour.test/2026/11/boats')).toBe('internal');
    expect(of('https://www.google.fr/')).toBe('search');
    expect(of('https://duckduckgo.com/')).toBe('search');
    expect(of('https://search.brave.com/search?q=x')).toBe('search');
    expect(of('https://t.co/abc')).toBe('social');
    expect(of('https://mastodon.social/@someone')).toBe('social');
    expect(of('https://news.ycombinator.com/item?id=1')).toBe('social');
    expect(of('https://blog.example.org/links')).toBe('other');
    // A name that merely contains a search engine's is another site.
    expect(of('https://mygoogle.example.org/')).toBe('other');
    expect(referrerHost('https://WWW.Example.org/x?y')).toBe('example.org');
    expect(referrerHost('android-app://com.google.android.gm/')).toBeNull();
  });

  it('keeps the path and the campaign source, nothing else of the address', () => {
    expect(pathOf('/2026/11/boats?utm_source=x&email=a@b.test#top')).toBe('/2026/11/boats');
    expect(pathOf('')).toBe('/');
    expect(utmSourceOf('/?utm_source=Newsletter&utm_medium=email')).toBe('newsletter');
    expect(utmSourceOf('/?page=2')).toBeNull();
    expect(utmSourceOf('/')).toBeNull();
  });

  it('names browser families', () => {
    expect(browserOf(CHROME)).toBe('chrome');
    expect(browserOf(`${CHROME} Edg/131.0.0.0`)).toBe('edge');
    expect(browserOf(`${CHROME} OPR/115.0.0.0`)).toBe('opera');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'firefox',
    );
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('safari');
    expect(browserOf('curl/8.5.0')).toBe('other');
  });

  it('leaves out who asked not to be tracked, and prefetches', () => {
    expect(notCounted({})).toBe(false);
    expect(notCounted({ dnt: '1' })).toBe(true);
    expect(notCounted({ dnt: '0' })).toBe(false);
    expect(notCounted({ 'sec-gpc': '1' })).toBe(true);
    expect(notCounted({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(notCounted({ purpose: 'prefetch' })).toBe(true);
    expect(notCounted({ 'x-moz': 'prefetch' })).toBe(true);
  });
});
