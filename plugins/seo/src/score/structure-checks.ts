import type { Analysis } from './analysis.js';
import type { Check } from './types.js';

/** Past this many words, a text without subheadings is hard to scan. */
const WORDS_NEEDING_SUBHEADINGS = 300;

/** The theme prints the entry's title as the page's h1, so the body starts at h2. */
export function headings({ body, wordCount, messages }: Analysis): Check {
  const id = 'headings';
  const levels = body.blocks.filter((block) => block.headingLevel > 0).map((block) => block.headingLevel);
  const h1s = levels.filter((level) => level === 1).length;
  if (h1s > 0) return { id, status: 'problem', message: messages.headingH1InBody(h1s) };
  let previous = 1;
  for (const level of levels) {
    if (level > previous + 1) {
      return { id, status: 'improve', message: messages.headingSkipsLevel(previous, level) };
    }
    previous = level;
  }
  if (levels.length === 0 && wordCount > WORDS_NEEDING_SUBHEADINGS) {
    return { id, status: 'improve', message: messages.headingsMissing(wordCount) };
  }
  return { id, status: 'good', message: messages.headingsSound() };
}

/** An empty alt counts as missing: it marks an image as decoration, which an entry's images seldom are. */
export function imageAlt({ body, messages }: Analysis): Check {
  const id = 'image_alt';
  const total = body.images.length;
  if (total === 0) return { id, status: 'improve', message: messages.imagesMissing() };
  const missing = body.images.filter((image) => (image.alt ?? '').trim() === '').length;
  return missing > 0
    ? { id, status: 'problem', message: messages.imagesWithoutAlt(missing, total) }
    : { id, status: 'good', message: messages.imagesAllHaveAlt(total) };
}

type LinkKind = 'internal' | 'outbound';

// Relative links resolve against this when the site's origin is missing or malformed.
const PLACEHOLDER_ORIGIN = 'https://origin.invalid/';

function hostOf(url: URL): string {
  return url.host.toLowerCase().replace(/^www\./, '');
}

function siteBase(origin: string): URL {
  try {
    return new URL(origin.trim().replace(/\/*$/, '/'));
  } catch {
    return new URL(PLACEHOLDER_ORIGIN);
  }
}

/** Anchors on the page, mail, phone and script links are neither. "www." or not is the same site. */
function linkKind(href: string, base: URL): LinkKind | undefined {
  if (href === '' || href.startsWith('#')) return undefined;
  // A path on this site, the common case, needs no parsing.
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return 'internal';
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return hostOf(url) === hostOf(base) ? 'internal' : 'outbound';
}

function linksOfKind({ body, input }: Analysis, kind: LinkKind): number {
  const base = siteBase(input.origin);
  return body.links.filter((href) => linkKind(href, base) === kind).length;
}

export function internalLinks(analysis: Analysis): Check {
  const id = 'internal_links';
  const count = linksOfKind(analysis, 'internal');
  return count > 0
    ? { id, status: 'good', message: analysis.messages.internalLinks(count) }
    : { id, status: 'improve', message: analysis.messages.internalLinksMissing() };
}

export function outboundLinks(analysis: Analysis): Check {
  const id = 'outbound_links';
  const count = linksOfKind(analysis, 'outbound');
  return count > 0
    ? { id, status: 'good', message: analysis.messages.outboundLinks(count) }
    : { id, status: 'improve', message: analysis.messages.outboundLinksMissing() };
}

export function contentLength({ wordCount, messages }: Analysis): Check {
  const id = 'content_length';
  if (wordCount === 0) return { id, status: 'problem', message: messages.contentEmpty() };
  if (wordCount < 150) return { id, status: 'problem', message: messages.contentTooShort(wordCount) };
  if (wordCount < 300) return { id, status: 'improve', message: messages.contentFairlyShort(wordCount) };
  return { id, status: 'good', message: messages.contentLongEnough(wordCount) };
}
