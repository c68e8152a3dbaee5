/**
 * What analytics keeps of a page view, read off the request: broad classes only, never the address,
 * the full user agent or the full referrer.
 */

export type Channel = 'direct' | 'internal' | 'search' | 'social' | 'other';

// Hosts by their registrable name's first label: google.fr, www.google.co.uk and news.google.com
// are all Google. The lists cover what sends traffic to most sites; the rest is "other sites".
const SEARCH =
  /(^|\.)(google|bing|duckduckgo|yahoo|yandex|baidu|ecosia|qwant|startpage|search\.brave|kagi|naver|seznam|perplexity)\./;
const SOCIAL =
  /(^|\.)(facebook|fb|instagram|t|twitter|x|linkedin|lnkd|reddit|pinterest|tiktok|youtube|youtu|mastodon|mstdn|bsky|threads|tumblr|vk|news\.ycombinator|whatsapp|telegram|discord|snapchat)\.[a-z.]+$/;

/** The referrer's host, lower case, without `www.`; null when there is none or it is not a URL. */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const { hostname, protocol } = new URL(referer);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    return (
      hostname
        .toLowerCase()
        .replace(/^www\./, '')
        .slice(0, 200) || null
    );
  } catch {
    return null;
  }
}

/** Where a view came from: no referrer, the site itself, a search engine, a social network, another site. */
export function channelOf(host: string | null, siteHost: string): Channel {
  if (host === null) return 'direct';
  if (
    host ===
    siteHost
      .toLowerCase()
      .replace(/^www\./, '')
      .replace(/:\d+$/, '')
  )
    return 'internal';
  if (SEARCH.test(host)) return 'search';
  if (SOCIAL.test(host)) return 'social';
  return 'other';
}

/** `utm_source` of the address, lower case (campaign links: newsletter, mastodon...). */
export function utmSourceOf(url: string): string | null {
  const query = url.indexOf('?');
  if (query === -1 || !url.includes('utm_source=', query)) return null;
  const value = new URLSearchParams(url.slice(query + 1)).get('utm_source');
  return value ? value.trim().toLowerCase().slice(0, 100) || null : null;
}

/** The page's path, without query string or fragment. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return (end === -1 ? url : url.slice(0, end)).slice(0, 500) || '/';
}

export type Browser = 'edge' | 'opera' | 'samsung' | 'firefox' | 'chrome' | 'safari' | 'other';

/** The browser family; the order matters, as Edge, Opera and Samsung Internet also say Chrome and Safari. */
export function browserOf(userAgent: string): Browser {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'samsung';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return 'safari';
  return 'other';
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Requests analytics must not count: the visitor asked not to be tracked (`DNT: 1`, Global Privacy
 * Control `Sec-GPC: 1`), or the browser is fetching ahead of a click that may never come (prefetch
 * and prerender, announced by Sec-Purpose, Purpose or X-Moz).
 */
export function notCounted(headers: Headers): boolean {
  if (headers.dnt === '1' || headers['sec-gpc'] === '1') return true;
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-purpose'] ?? headers['x-moz'];
  return typeof purpose === 'string' && /prefetch|prerender|preview/i.test(purpose);
}
