import { describe, expect, it } from 'vitest';
import { noBranding, type Site } from './site.js';
import { siteHostLines } from './site-hosts.js';

function site(id: number, domain: string, extra: Partial<Site> = {}): Site {
  return {
    id,
    handle: domain.split('.')[0] ?? 'site',
    name: `Site ${id}`,
    primary_domain: domain,
    aliases: [],
    default_locale: 'en',
    locales: ['en'],
    theme: 'default',
    branding: noBranding,
    enabled: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('siteHostLines', () => {
  it('names each site’s hosts, and the loopback hosts for the first site by default', () => {
    const sites = [site(1, 'example.com', { aliases: ['www.example.com'] }), site(2, 'shop.example.com')];
    expect(siteHostLines(sites, { baseDomain: null, unknownHost: 'loopback' })).toEqual([
      'Site "Site 1" answers on example.com, www.example.com, localhost, 127.0.0.1, [::1].',
      'Site "Site 2" answers on shop.example.com.',
    ]);
  });

  it('leaves out loopback hosts another site claims, and all of them with UNKNOWN_HOST=reject', () => {
    const sites = [site(1, 'example.com'), site(2, 'localhost')];
    expect(siteHostLines(sites, { baseDomain: null, unknownHost: 'loopback' })[0]).toBe(
      'Site "Site 1" answers on example.com, 127.0.0.1, [::1].',
    );
    expect(siteHostLines(sites, { baseDomain: null, unknownHost: 'reject' })[0]).toBe(
      'Site "Site 1" answers on example.com.',
    );
  });

  it('names handle hosts, the default-site catch-all, and disabled sites', () => {
    const sites = [site(1, 'old.test', { enabled: false }), site(2, 'blog.test')];
    expect(siteHostLines(sites, { baseDomain: 'tessera.test', unknownHost: 'default-site' })).toEqual([
      'Site "Site 1" is disabled: its hosts answer 404.',
      'Site "Site 2" answers on blog.test, blog.tessera.test, and on any host no site claims.',
    ]);
  });
});
