import type { Site } from './site.js';
import { LOOPBACK_HOSTS, type SiteResolution } from './site-directory.js';

/**
 * One line per site saying which hosts it answers on, for the start banner: its domain and aliases,
 * `<handle>.<BASE_DOMAIN>`, and for the first enabled site the hosts no site claims that it gets
 * (the loopback hosts, or every host with UNKNOWN_HOST=default-site).
 */
export function siteHostLines(sites: readonly Site[], resolution: SiteResolution): string[] {
  const claimed = new Set(sites.flatMap((site) => [site.primary_domain, ...site.aliases]));
  const first = sites.find((site) => site.enabled);
  return sites.map((site) => {
    if (!site.enabled) return `Site "${site.name}" is disabled: its hosts answer 404.`;
    const hosts = [site.primary_domain, ...site.aliases];
    if (resolution.baseDomain) hosts.push(`${site.handle}.${resolution.baseDomain}`);
    if (site === first && resolution.unknownHost === 'loopback') {
      hosts.push(...LOOPBACK_HOSTS.filter((host) => !claimed.has(host)));
    }
    let line = `Site "${site.name}" answers on ${hosts.join(', ')}`;
    if (site === first && resolution.unknownHost === 'default-site')
      line += ', and on any host no site claims';
    return `${line}.`;
  });
}
