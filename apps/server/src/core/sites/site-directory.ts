import { TtlCache } from '../cache/ttl-cache.js';
import type { Site } from './site.js';
import type { SiteStore } from './site-store.js';

export interface SiteResolution {
  baseDomain: string | null;
  unknownHost: 'reject' | 'default-site';
}

/** How long a resolved host is trusted before it is looked up again (bounds staleness across instances). */
const CACHE_MS = 30_000;

/**
 * Resolves a request's Host to its site: exact domain, then alias (both rows of site_domains), then
 * `<handle>.<base domain>`. Results, misses included, are cached briefly because every request asks.
 */
export class SiteDirectory {
  private readonly cache = new TtlCache<string, Site | null>(CACHE_MS, 10_000);

  constructor(
    private readonly store: SiteStore,
    private readonly options: SiteResolution,
  ) {}

  /** The cached answer for a host, undefined when it would take a lookup. */
  cached(host: string): Site | null | undefined {
    return this.cache.get(normalizeHost(host));
  }

  async resolve(host: string): Promise<Site | null> {
    const hostname = normalizeHost(host);
    const cached = this.cache.get(hostname);
    if (cached !== undefined) return cached;
    const site = await this.lookup(hostname);
    this.cache.set(hostname, site);
    return site;
  }

  /** Called whenever a site or its domains change. */
  invalidate(): void {
    this.cache.clear();
  }

  private async lookup(hostname: string): Promise<Site | null> {
    let site = await this.store.findByDomain(hostname);
    const base = this.options.baseDomain;
    if (!site && base && hostname.endsWith(`.${base}`)) {
      const label = hostname.slice(0, -(base.length + 1));
      if (/^[a-z0-9-]+$/.test(label)) site = await this.store.findByHandle(label);
    }
    if (site && !site.enabled) return null;
    if (!site && this.options.unknownHost === 'default-site') site = await this.store.findDefault();
    return site;
  }
}

/** Lowercases and strips the port and a trailing dot; IPv6 literals keep their brackets. */
export function normalizeHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    return end === -1 ? name : name.slice(0, end + 1);
  }
  const colon = name.indexOf(':');
  if (colon !== -1) name = name.slice(0, colon);
  return name.replace(/\.$/, '');
}
