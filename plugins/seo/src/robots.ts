/**
 * robots.txt as the administrator writes it (RFC 9309, and the Sitemap line search engines read):
 * checked line by line when saved, served with the site's sitemap added.
 */

/** The fields crawlers read; others are ignored by them, so a typo would silently do nothing. */
const FIELDS = new Map([
  ['user-agent', 'User-agent'],
  ['allow', 'Allow'],
  ['disallow', 'Disallow'],
  ['sitemap', 'Sitemap'],
  ['crawl-delay', 'Crawl-delay'],
]);

/** The first line that is not a rule crawlers read, with why; null when every line is one. */
export function robotsProblem(text: string): string | null {
  const lines = text.split(/\r?\n/);
  let agent = false;
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const at = `Line ${index + 1}`;
    const colon = line.indexOf(':');
    if (colon < 1) return `${at} is not a rule: write “Field: value” (User-agent, Allow, Disallow, Sitemap).`;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const name = FIELDS.get(field);
    if (!name) return `${at}: “${line.slice(0, colon).trim()}” is not a field crawlers read.`;
    if (name === 'User-agent') {
      if (value === '') return `${at}: User-agent needs a crawler's name, or * for all.`;
      agent = true;
    } else if (name === 'Allow' || name === 'Disallow') {
      if (!agent) return `${at}: ${name} must follow a User-agent line.`;
      if (value !== '' && !value.startsWith('/') && !value.startsWith('*'))
        return `${at}: ${name} takes a path starting with / (or *).`;
    } else if (name === 'Sitemap') {
      if (!/^https?:\/\/\S+$/.test(value)) return `${at}: Sitemap takes a full address (https://...).`;
    } else if (!/^\d+(\.\d+)?$/.test(value)) return `${at}: Crawl-delay takes a number of seconds.`;
  }
  return null;
}

/**
 * The robots.txt served: everything disallowed while the site discourages search engines, else
 * the administrator's text (or Tessera's when they wrote none), with the site's sitemap named once.
 */
export function robotsText(
  core: string,
  settings: { discourage: boolean; text: string; sitemap: string },
): string {
  if (settings.discourage) return 'User-agent: *\nDisallow: /\n';
  const own = settings.text.trim();
  if (own === '') return core;
  const named = own.split(/\r?\n/).some((line) => /^\s*sitemap\s*:/i.test(line));
  return `${own}\n${named ? '' : `\nSitemap: ${settings.sitemap}\n`}`;
}
