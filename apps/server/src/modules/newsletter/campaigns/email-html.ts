import type { Block } from '@tessera/blocks';
import { plainText } from '../../content/fields/richtext.js';

/** The width of the mail's content column: the frame's 600 pixels less its card's padding. */
export const CONTENT_WIDTH = 536;

/** An image as a campaign shows it: an absolute address of a file about as wide as it is shown. */
export interface EmailImage {
  url: string;
  width: number;
  height: number | null;
  alt: string;
}

/** A post of a `latest-posts` digest. */
export interface DigestPost {
  title: string;
  excerpt: string;
  url: string;
}

/** What the blocks read from the site, fetched before rendering (campaign-mail.ts). */
export interface EmailEnvironment {
  /** The site's origin: site paths (`/about`) become absolute addresses. */
  origin: string;
  image(mediaId: number): EmailImage | null;
  /** The posts of a `latest-posts` block, by the block's id. */
  digest(blockId: string): DigestPost[];
}

/** A body as both parts of a mail: HTML for the frame, and its plain text. */
export interface EmailBody {
  html: string;
  text: string;
}

const ALIGN = new Set(['left', 'center', 'right']);
const HEADING_SIZES: Record<number, number> = { 1: 30, 2: 24, 3: 20, 4: 18, 5: 16, 6: 16 };
/** Spacing steps of the builder (0..10) in pixels: the theme's 8-pixel unit. */
const STEP = 8;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A link of the body as mail needs it: absolute, since a mail has no site to be relative to. */
function absoluteUrl(href: string, origin: string): string {
  return href.startsWith('/') && !href.startsWith('//') ? `${origin}${href}` : href;
}

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const num = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);
const alignOf = (value: unknown): string => (ALIGN.has(str(value)) ? str(value) : 'left');
/** A Responsive value's widest setting (mail has one width). */
const desktop = (value: unknown, fallback: number): number =>
  value && typeof value === 'object' ? num((value as { desktop?: unknown }).desktop, fallback) : fallback;
/** A plain CSS colour; design tokens (CSS variables) mean nothing in a mail. */
const plainColor = (value: unknown): string | null =>
  /^(#[0-9a-fA-F]{3,8}|rgba?\([0-9., %]+\))$/.test(str(value)) ? str(value) : null;

/** One table cell of full width: how mail clients (Outlook above all) keep a layout. */
function table(inner: string, cellStyle = '', width = '100%'): string {
  return `<table role="presentation" width="${width}" cellpadding="0" cellspacing="0" border="0" style="width:${width === '100%' ? '100%' : `${width}px`};border-collapse:collapse"><tr><td style="${cellStyle}">${inner}</td></tr></table>`;
}

/** Rich text's links and images made absolute. */
function richHtml(html: string, origin: string): string {
  return html.replace(/\b(href|src)="(\/[^"]*)"/g, (_all, name: string, value: string) =>
    value.startsWith('//') ? `${name}="${value}"` : `${name}="${origin}${value}"`,
  );
}

/** Rich text as plain text, each link followed by its address. */
function richText(html: string, origin: string): string {
  const linked = richHtml(html, origin).replace(
    /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
    (_all, href: string, label: string) => `${label} (${href.replace(/&amp;/g, '&')})`,
  );
  return linked
    .split(/<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/i)
    .map((part) => plainText(part))
    .filter(Boolean)
    .join('\n');
}

/**
 * A campaign's block tree as mail: table layout with inline sizes (juice inlines the frame's
 * classes later), every address absolute, and its plain-text twin. Only the email blocks render;
 * the campaign's blocks were checked to be nothing else.
 */
export function renderEmailBlocks(
  blocks: readonly Block[],
  env: EmailEnvironment,
  width = CONTENT_WIDTH,
): EmailBody {
  const parts = blocks.map((block) => renderBlock(block, env, width));
  return {
    html: parts.map((part) => part.html).join('\n'),
    text: parts
      .map((part) => part.text)
      .filter((text) => text !== '')
      .join('\n\n'),
  };
}

function renderBlock(block: Block, env: EmailEnvironment, width: number): EmailBody {
  const p = block.props;
  switch (block.type) {
    case 'heading': {
      const level = Math.min(6, Math.max(1, num(p.level, 2)));
      const text = str(p.text);
      const style = `margin:0 0 12px 0;font-size:${HEADING_SIZES[level]}px;line-height:1.3;text-align:${alignOf(p.align)}`;
      return {
        html: `<h${level} style="${style}">${escapeHtml(text)}</h${level}>`,
        text: text.toUpperCase(),
      };
    }
    case 'paragraph': {
      const content = str(p.content);
      const html = `<div style="margin:0 0 16px 0;text-align:${alignOf(p.align)}">${richHtml(content, env.origin)}</div>`;
      return { html, text: richText(content, env.origin) };
    }
    case 'list': {
      const items = Array.isArray(p.items) ? p.items.map((item) => str(item)) : [];
      const tag = p.ordered === true ? 'ol' : 'ul';
      const start = p.ordered === true && typeof p.start === 'number' ? ` start="${p.start}"` : '';
      const html = `<${tag}${start} style="margin:0 0 16px 0;padding-left:24px">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
      const first = p.ordered === true ? num(p.start, 1) : 0;
      return {
        html,
        text: items.map((item, i) => (p.ordered === true ? `${first + i}. ${item}` : `- ${item}`)).join('\n'),
      };
    }
    case 'quote': {
      const cite = str(p.cite);
      const html = `<blockquote><p style="margin:0">${escapeHtml(str(p.text))}</p>${cite ? `<p style="margin:8px 0 0 0;font-size:14px">— ${escapeHtml(cite)}</p>` : ''}</blockquote>`;
      return { html, text: `> ${str(p.text)}${cite ? `\n> — ${cite}` : ''}` };
    }
    case 'image':
      return imageBlock(block, env, width);
    case 'button': {
      const href = absoluteUrl(str(p.href, '/'), env.origin);
      const text = str(p.text);
      const html = table(
        `<a class="button" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`,
        `padding:8px 0 24px 0;text-align:${alignOf(p.align)}`,
      );
      return { html, text: `${text}: ${href}` };
    }
    case 'separator':
      return { html: '<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0">', text: '----' };
    case 'spacer': {
      const height = desktop(p.height, 4) * STEP;
      return {
        html: `<div style="height:${height}px;line-height:${height}px;font-size:1px">&nbsp;</div>`,
        text: '',
      };
    }
    case 'container':
      return containerBlock(block, env, width);
    case 'columns':
      return columnsBlock(block, env, width);
    case 'latest-posts':
      return digestBlock(block, env);
    default:
      return { html: '', text: '' };
  }
}

function imageBlock(block: Block, env: EmailEnvironment, width: number): EmailBody {
  const p = block.props;
  const image = typeof p.media_id === 'number' ? env.image(p.media_id) : null;
  if (!image) return { html: '', text: '' };
  const alt = typeof p.alt === 'string' ? p.alt : image.alt;
  const shown = Math.min(width, image.width, p.size === 'medium' ? Math.min(width, 400) : width);
  let html = `<img src="${escapeHtml(image.url)}" width="${shown}" alt="${escapeHtml(alt)}" style="display:block;width:100%;max-width:${shown}px;height:auto;border:0${alignOf(p.align) === 'center' ? ';margin:0 auto' : ''}">`;
  const link = typeof p.link === 'string' ? absoluteUrl(p.link, env.origin) : null;
  if (link) html = `<a href="${escapeHtml(link)}">${html}</a>`;
  const caption = str(p.caption);
  if (caption) html += `<p style="margin:8px 0 0 0;font-size:14px;color:#4b5563">${escapeHtml(caption)}</p>`;
  const text = [alt ? `[${alt}]` : '', link ? `(${link})` : '', caption].filter(Boolean).join(' ');
  return { html: table(html, 'padding:0 0 16px 0'), text };
}

function containerBlock(block: Block, env: EmailEnvironment, width: number): EmailBody {
  const padding = desktop(block.props.padding, 4) * STEP;
  const background = plainColor(block.props.backgroundColor);
  const inner = renderEmailBlocks(block.children ?? [], env, Math.max(100, width - 2 * padding));
  const style = `padding:${padding}px${background ? `;background-color:${background}` : ''}${block.props.rounded === true ? ';border-radius:8px' : ''}`;
  return { html: table(inner.html, style), text: inner.text };
}

function columnsBlock(block: Block, env: EmailEnvironment, width: number): EmailBody {
  const shares = str(block.props.ratio, '50-50')
    .split('-')
    .map((share) => Number(share) || 50);
  const total = shares.reduce((sum, share) => sum + share, 0);
  const gap = desktop(block.props.gap, 4) * STEP;
  const columns = (block.children ?? []).slice(0, shares.length);
  const cells = columns.map((child, i) => {
    const columnWidth = Math.floor(((width - gap * (columns.length - 1)) * (shares[i] ?? 50)) / total);
    const body = renderEmailBlocks([child], env, columnWidth);
    const pad = i < columns.length - 1 ? `;padding-right:${gap}px` : '';
    return {
      html: `<td width="${columnWidth}" valign="top" style="vertical-align:top${pad}">${body.html}</td>`,
      text: body.text,
    };
  });
  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse"><tr>${cells.map((cell) => cell.html).join('')}</tr></table>`;
  return {
    html,
    text: cells
      .map((cell) => cell.text)
      .filter(Boolean)
      .join('\n\n'),
  };
}

function digestBlock(block: Block, env: EmailEnvironment): EmailBody {
  const posts = env.digest(block.id);
  const showExcerpt = block.props.showExcerpt !== false;
  if (posts.length === 0) {
    const empty = str(block.props.emptyText);
    return { html: empty ? `<p>${escapeHtml(empty)}</p>` : '', text: empty };
  }
  const linked = posts.map((post) => ({ ...post, url: absoluteUrl(post.url, env.origin) }));
  const html = linked
    .map(
      (post) =>
        `<div style="margin:0 0 20px 0"><h3 style="margin:0 0 4px 0;font-size:18px;line-height:1.3"><a href="${escapeHtml(post.url)}">${escapeHtml(post.title)}</a></h3>${showExcerpt && post.excerpt ? `<p style="margin:0">${escapeHtml(post.excerpt)}</p>` : ''}</div>`,
    )
    .join('');
  const text = linked
    .map((post) => [post.title, showExcerpt ? post.excerpt : '', post.url].filter(Boolean).join('\n'))
    .join('\n\n');
  return { html, text };
}
