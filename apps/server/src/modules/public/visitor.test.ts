import { describe, expect, it } from 'vitest';
import { deviceOf, preferredLocale } from './visitor.js';

describe('deviceOf', () => {
  it('tells phones, tablets and desktops apart by their user agents', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('mobile');
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('mobile');
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('tablet');
    expect(
      deviceOf(
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('tablet');
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('desktop');
    expect(deviceOf('')).toBe('desktop');
  });
});

describe('preferredLocale', () => {
  const site = { default_locale: 'en', locales: ['en', 'fr', 'pt-BR'] };
  const browser = (language: string, extra: Record<string, string> = {}) => ({
    'accept-language': language,
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
    ...extra,
  });
  it("picks the best of the site's languages the browser asks for, by weight then order", () => {
    expect(preferredLocale(site, browser('fr-CA,fr;q=0.9'), 'a.test')).toBe('fr');
    expect(preferredLocale(site, browser('pt-br'), 'a.test')).toBe('pt-BR');
    expect(preferredLocale(site, browser('pt-PT;q=0.9, fr;q=0.95'), 'a.test')).toBe('fr');
    expect(preferredLocale(site, browser('de, en;q=0.8, fr;q=0.7'), 'a.test')).toBeNull();
    expect(preferredLocale(site, browser('fr;q=0, *'), 'a.test')).toBeNull();
    expect(preferredLocale(site, browser('fr', { referer: 'https://a.test/fr/' }), 'a.test')).toBe(null);
    expect(preferredLocale(site, browser('fr', { referer: 'https://search.example/?q=a' }), 'a.test')).toBe(
      'fr',
    );
    expect(preferredLocale({ default_locale: 'en', locales: ['en'] }, browser('fr'), 'a.test')).toBeNull();
    expect(
      preferredLocale(site, { 'accept-language': 'fr', 'user-agent': 'curl/8.5.0' }, 'a.test'),
    ).toBeNull();
  });
});
