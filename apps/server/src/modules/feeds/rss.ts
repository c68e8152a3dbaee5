import type { PublishedItem } from '../content/published/service.js';

export interface Channel {
  title: string;
  description: string;
  /** Absolute URL of the site's home, without a trailing slash. */
  base: string;
  /** Absolute URL of this feed. */
  self: string;
  /** The site's locale, as RSS wants it (`en`, `pt-br`). */
  language: string;
  /** Host name the GUIDs are minted under: stable while slugs and paths change. */
  domain: string;
  /** The software named as the feed's generator: the system name under white-label, never the vendor's. */
  generator: string;
}

/** Drops what XML 1.0 forbids even escaped (control characters, lone surrogates): user text may hold them. */
function xmlChars(value: string): string {
  let kept = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000
    )
      kept += char;
  }
  return kept;
}

export function xmlText(value: string): string {
  return xmlChars(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** RFC 822 date-time as RSS 2.0 requires ("Tue, 24 Nov 2026 12:29:06 GMT", RFC 1123's form of it). */
export function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/**
 * An RSS 2.0 document: the channel and its items, newest first, with absolute links, stable
 * GUIDs that are not permalinks (a slug may change; the GUID must not), author display names
 * (dc:creator: RSS's own author element wants an email address, which is never published) and
 * the terms as categories.
 */
export function renderRss(channel: Channel, items: readonly PublishedItem[], lastModified: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xmlText(channel.title)}</title>`,
    `<link>${xmlText(`${channel.base}/`)}</link>`,
    `<description>${xmlText(channel.description)}</description>`,
    `<language>${xmlText(channel.language)}</language>`,
    `<lastBuildDate>${rfc822(lastModified)}</lastBuildDate>`,
    `<generator>${xmlText(channel.generator)}</generator>`,
    `<atom:link href="${xmlText(channel.self)}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const item of items) {
    lines.push(
      '<item>',
      `<title>${xmlText(item.title)}</title>`,
      `<link>${xmlText(channel.base + item.url)}</link>`,
      `<guid isPermaLink="false">${xmlText(`tag:${channel.domain},${item.published_at.slice(0, 10)}:entry-${item.id}`)}</guid>`,
      `<pubDate>${rfc822(item.published_at)}</pubDate>`,
      ...(item.author ? [`<dc:creator>${xmlText(item.author)}</dc:creator>`] : []),
      ...item.terms.map((term) => `<category>${xmlText(term.name)}</category>`),
      `<description>${xmlText(item.excerpt)}</description>`,
      '</item>',
    );
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}
