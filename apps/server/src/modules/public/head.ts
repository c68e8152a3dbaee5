import type { PageHeadContext } from '@tessera/plugin';
import type { PageHead } from './theme/layouts.js';

/** What a `page.head` filter is told about the page whose head it gets: the plugin package's shape. */
export type { PageHeadContext };

/** A meta tag a plugin adds: by `name` or by `property` (Open Graph's), not both. */
export interface HeadMeta {
  name?: string;
  property?: string;
  content: string;
}

const META_KEY = /^[A-Za-z][A-Za-z0-9:._-]{0,63}$/;
/** Written by the theme from the head's own fields: a plugin changes those fields instead. */
const WRITTEN = new Set([
  'viewport',
  'description',
  'robots',
  'twitter:card',
  'og:site_name',
  'og:title',
  'og:type',
  'og:description',
  'og:url',
  'og:image',
  'og:image:width',
  'og:image:height',
  'og:image:alt',
  'article:published_time',
]);
const MOST_META = 50;
const MOST_JSON_LD = 10;
const MOST_JSON_LD_BYTES = 64 * 1024;

/**
 * The head a `page.head` filter gave back, checked field by field against the one it was given:
 * a field of the wrong shape keeps the original's value, added meta tags and JSON-LD that do not fit
 * are left out. A plugin can rewrite the title, description, canonical address, type, image and
 * robots rule (noindex and nofollow can be added, not lifted) and the whole `<title>`; the dates, paging links and language alternates
 * stay Tessera's.
 */
export function checkedHead(original: PageHead, filtered: unknown): PageHead {
  if (!isObject(filtered)) return original;
  const text = (value: unknown, most: number, fallback: string) =>
    typeof value === 'string' && value.length <= most ? value : fallback;
  const head: PageHead = {
    ...original,
    title: text(filtered.title, 300, original.title),
    ...(typeof filtered.documentTitle === 'string' && filtered.documentTitle.length <= 300
      ? { documentTitle: filtered.documentTitle }
      : original.documentTitle !== undefined
        ? { documentTitle: original.documentTitle }
        : {}),
    description: text(filtered.description, 1_000, original.description),
    canonical:
      filtered.canonical === null || isWebAddress(filtered.canonical)
        ? (filtered.canonical as string | null)
        : original.canonical,
    type: filtered.type === 'website' || filtered.type === 'article' ? filtered.type : original.type,
    image: filtered.image === null ? null : (imageOf(filtered.image) ?? original.image),
  };
  // Set where Tessera set it (a preview, search results, a 404, a member notice): never lifted.
  if (typeof filtered.noindex === 'boolean') head.noindex = original.noindex === true || filtered.noindex;
  if (typeof filtered.nofollow === 'boolean') head.nofollow = original.nofollow === true || filtered.nofollow;
  const meta = Array.isArray(filtered.meta) ? filtered.meta.flatMap(metaOf).slice(0, MOST_META) : [];
  if (meta.length > 0) head.meta = meta;
  const jsonLd = Array.isArray(filtered.jsonLd) ? jsonLdOf(filtered.jsonLd) : [];
  if (jsonLd.length > 0) head.jsonLd = jsonLd;
  return head;
}

function metaOf(value: unknown): HeadMeta[] {
  if (!isObject(value) || typeof value.content !== 'string' || value.content.length > 2_000) return [];
  const key = typeof value.name === 'string' ? value.name : value.property;
  if ((value.name === undefined) === (value.property === undefined)) return [];
  if (typeof key !== 'string' || !META_KEY.test(key) || WRITTEN.has(key.toLowerCase())) return [];
  return [
    value.name === undefined
      ? { property: key, content: value.content }
      : { name: key, content: value.content },
  ];
}

function jsonLdOf(values: unknown[]): Array<Record<string, unknown>> {
  const kept: Array<Record<string, unknown>> = [];
  let bytes = 0;
  for (const value of values.slice(0, MOST_JSON_LD)) {
    if (!isObject(value)) continue;
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch {
      // A cycle, a BigInt: not JSON.
    }
    if (json === undefined || bytes + json.length > MOST_JSON_LD_BYTES) continue;
    bytes += json.length;
    kept.push(JSON.parse(json) as Record<string, unknown>);
  }
  return kept;
}

function imageOf(value: unknown): PageHead['image'] | null {
  if (!isObject(value) || !isWebAddress(value.url)) return null;
  const size = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 100_000;
  if (!size(value.width) || !size(value.height)) return null;
  return {
    url: value.url as string,
    width: value.width as number,
    height: value.height as number,
    alt: typeof value.alt === 'string' ? value.alt.slice(0, 500) : '',
  };
}

function isWebAddress(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2_000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
