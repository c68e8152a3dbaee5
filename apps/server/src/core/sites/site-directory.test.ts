import { describe, expect, it } from 'vitest';
import { noBranding, type Site } from './site.js';
import { normalizeHost, SiteDirectory, type SiteLookup } from './site-directory.js';

function siteOn(domain: string): Site {
  return {
    id: 1,
    handle: 'real',
    name: 'Real',
    primary_domain: domain,
    aliases: [],
    default_locale: 'en',
    locales: ['en'],
    theme: 'default',
    branding: noBranding,
    enabled: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

/** A store with one site that counts the lookups it answers. */
function storeWith(site: Site): SiteLookup & { lookups: string[] } {
  const lookups: string[] = [];
  return {
    lookups,
    async findByDomain(domain) {
      lookups.push(domain);
      return domain === site.primary_domain ? site : null;
    },
    async findByHandle() {
      return null;
    },
    async findDefault() {
      return site;
    },
  };
}

describe('SiteDirectory', () => {
  it('keeps a real site cached through a flood of unknown hosts larger than the cache', async () => {
    const store = storeWith(siteOn('real.test'));
    const sites = new SiteDirectory(store, { baseDomain: null, unknownHost: 'reject' }, 50);
    expect((await sites.resolve('real.test'))?.id).toBe(1);
    for (let i = 0; i < 500; i += 1) expect(await sites.resolve(`flood-${i}.test`)).toBeNull();
    store.lookups.length = 0;
    expect(sites.cached('real.test')?.id).toBe(1);
    expect((await sites.resolve('REAL.test:8080'))?.id).toBe(1);
    expect(store.lookups).toEqual([]);
  });

  it('caches misses too, until invalidated', async () => {
    const store = storeWith(siteOn('real.test'));
    const sites = new SiteDirectory(store, { baseDomain: null, unknownHost: 'reject' });
    expect(sites.cached('nobody.test')).toBeUndefined();
    await sites.resolve('nobody.test');
    expect(sites.cached('nobody.test')).toBeNull();
    await sites.resolve('nobody.test');
    expect(store.lookups).toEqual(['nobody.test']);
    sites.invalidate();
    expect(sites.cached('nobody.test')).toBeUndefined();
  });

  it('normalizes hosts', () => {
    expect(normalizeHost('Example.TEST:443')).toBe('example.test');
    expect(normalizeHost('example.test.')).toBe('example.test');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
  });
});
