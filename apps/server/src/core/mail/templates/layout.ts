import { createRequire } from 'node:module';
import type juiceModule from 'juice';

/** What a site's mails look like around their content: its name, address, logo and colour. */
export interface MailFrame {
  /** The language the mail is written in (`fr`), for its `lang`. */
  language: string;
  /** The site's system name: its white-label name when it has one, never the vendor's. */
  siteName: string;
  /** The site's address, an origin such as `https://quay.example`. */
  siteUrl: string;
  /** An absolute logo address, or null to show the name instead. */
  logoUrl: string | null;
  /** `#rrggbb`, or null for the neutral default. */
  primaryColor: string | null;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
/** Used when the site sets no colour: a blue with AA contrast on white, either way round. */
const DEFAULT_PRIMARY = '#1d4ed8';
const TEXT = '#1f2937';
const PAGE = '#f4f4f5';

/** Relative luminance (WCAG 2) of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colours a frame uses: the brand colour for buttons (with white or dark text on it, whichever
 * reads better) and for links only when it is dark enough to read on white (WCAG AA, 4.5:1).
 */
function paletteOf(primaryColor: string | null) {
  const primary = primaryColor && HEX.test(primaryColor) ? primaryColor.toLowerCase() : DEFAULT_PRIMARY;
  const onPrimary = contrast(primary, '#ffffff') >= contrast(primary, TEXT) ? '#ffffff' : TEXT;
  const link = contrast(primary, '#ffffff') >= 4.5 ? primary : DEFAULT_PRIMARY;
  return { primary, onPrimary, link };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function stylesOf(frame: MailFrame): string {
  const { primary, onPrimary, link } = paletteOf(frame.primaryColor);
  return `
body { margin: 0; padding: 0; background-color: ${PAGE}; color: ${TEXT}; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; font-size: 16px; line-height: 1.5; }
.wrapper { width: 100%; background-color: ${PAGE}; }
.container { width: 100%; max-width: 600px; }
.header { padding: 24px; text-align: center; }
.logo { max-width: 200px; max-height: 64px; height: auto; border: 0; }
.home { text-decoration: none; }
.brand { color: ${TEXT}; font-size: 20px; font-weight: bold; }
.card { background-color: #ffffff; border-top: 4px solid ${primary}; border-radius: 8px; padding: 32px; text-align: left; }
p { margin: 0 0 16px 0; }
a { color: ${link}; text-decoration: underline; }
.action { margin: 24px 0; }
.button { display: inline-block; background-color: ${primary}; color: ${onPrimary}; border-radius: 6px; padding: 12px 24px; font-weight: bold; text-decoration: none; }
.fallback { font-size: 13px; color: #4b5563; word-break: break-all; }
blockquote { margin: 0 0 16px 0; padding: 8px 16px; border-left: 4px solid #d1d5db; color: #374151; }
.footer { padding: 24px; text-align: center; font-size: 13px; color: #4b5563; }
.footer a { color: #4b5563; }
@media only screen and (max-width: 620px) {
  .card { padding: 20px !important; border-radius: 0 !important; }
  .header, .footer { padding: 16px !important; }
}`;
}

// juice (and cheerio under it) is loaded at the first mail, not at start: most processes send none.
const require = createRequire(import.meta.url);
let juice: typeof juiceModule | null = null;
function inlined(html: string): string {
  juice ??= require('juice') as typeof juiceModule;
  // Media queries stay in a <style> tag (clients that read it make the mail narrow on phones).
  return juice(html, { preserveMediaQueries: true, removeStyleTags: true, applyWidthAttributes: true });
}

/**
 * The HTML part: the rendered body in the site's frame, a table layout that mail clients render
 * alike, 600 pixels wide at most and full width on a phone, its CSS inlined.
 */
export function framedHtml(body: string, subject: string, frame: MailFrame): string {
  const name = escapeHtml(frame.siteName);
  const url = escapeHtml(frame.siteUrl);
  const brand = frame.logoUrl
    ? `<img class="logo" src="${escapeHtml(frame.logoUrl)}" alt="${name}">`
    : `<span class="brand">${name}</span>`;
  const host = escapeHtml(new URL(frame.siteUrl).host);
  return inlined(`<!DOCTYPE html>
<html lang="${escapeHtml(frame.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
<style>${stylesOf(frame)}</style>
</head>
<body>
<table role="presentation" class="wrapper" cellpadding="0" cellspacing="0" border="0">
<tr><td align="center">
<table role="presentation" class="container" cellpadding="0" cellspacing="0" border="0">
<tr><td class="header"><a href="${url}" class="home">${brand}</a></td></tr>
<tr><td class="card">
${body}
</td></tr>
<tr><td class="footer"><a href="${url}">${name}</a> · ${host}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`);
}

/** The text part with the site's signature below it ("-- " opens a signature mail clients know). */
export function framedText(text: string, frame: MailFrame): string {
  return `${text.replace(/\s+$/, '')}\n\n-- \n${frame.siteName}\n${frame.siteUrl}\n`;
}
