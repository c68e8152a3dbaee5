import { TtlCache } from '../cache/ttl-cache.js';
import type { Config } from '../config.js';
import type { Site } from './site.js';
import type { SiteStore } from './site-store.js';

export interface SiteResolution {
  baseDomain: string | null;
  unknownHost: Config['unknownHost'];
}

/**
 * Hosts that can only mean this machine. Unless a site claims them (or UNKNOWN_HOST=reject), they
 * reach the first site, so whoever installs with their real domain still gets in from the machine.
 */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** How long a resolved host is trusted before it is looked up again (bounds staleness across instances). */
const CACHE_MS = 30_000;
/** Hosts held at once in each cache (sites found, hosts that matched none). */
const DEFAULT_CACHE_ENTRIES = 10_000;

/** The queries resolution needs; SiteStore provides them. */
export type SiteLookup = Pick<SiteStore, 'findByDomain' | 'findByHandle' | 'findDefault'>;

/**
 * Resolves a request's Host to its site: exact domain, then alias (both rows of site_domains), then
 * `<handle>.<base domain>`. Results, misses included, are cached briefly because every request asks.
 * Misses have a cache of their own: a flood of made-up hosts fills that one and can never evict a
 * real site from the other.
 */
export class SiteDirectory {
  private readonly found: TtlCache<string, Site>;
  private readonly missing: TtlCache<string, null>;

  constructor(
    private readonly store: SiteLookup,
    private readonly options: SiteResolution,
    cacheEntries = DEFAULT_CACHE_ENTRIES,
  ) {
    this.found = new TtlCache(CACHE_MS, cacheEntries);
    this.missing = new TtlCache(CACHE_MS, cacheEntries);
  }

  /** The cached answer for a host, undefined when it would take a lookup. */
  cached(host: string): Site | null | undefined {
    const hostname = normalizeHost(host);
    return this.found.get(hostname) ?? this.missing.get(hostname);
  }

  async resolve(host: string): Promise<Site | null> {
    const hostname = normalizeHost(host);
    const cached = this.found.get(hostname) ?? this.missing.get(hostname);
    if (cached !== undefined) return cached;
    const site = await this.lookup(hostname);
    if (site) this.found.set(hostname, site);
    else this.missing.set(hostname, null);
    return site;
  }

  /** Called whenever a site or its domains change. */
  invalidate(): void {
    this.found.clear();
    this.missing.clear();
  }

  private async lookup(hostname: string): Promise<Site | null> {
    let site = await this.store.findByDomain(hostname);
    const base = this.options.baseDomain;
    if (!site && base && hostname.endsWith(`.${base}`)) {
      const label = hostname.slice(0, -(base.length + 1));
      if (/^[a-z0-9-]+$/.test(label)) site = await this.store.findByHandle(label);
    }
    if (site && !site.enabled) return null;
    if (!site && fallsToFirstSite(hostname, this.options.unknownHost)) site = await this.store.findDefault();
    return site;
  }
}

/** Whether a host no site claims is served by the first site. */
export function fallsToFirstSite(hostname: string, unknownHost: Config['unknownHost']): boolean {
  if (unknownHost === 'default-site') return true;
  return unknownHost === 'loopback' && LOOPBACK_HOSTS.includes(hostname);
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
