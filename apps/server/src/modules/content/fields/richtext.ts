import { embedOf } from '@tessera/blocks';
import sanitizeHtml from 'sanitize-html';

/** Where an image in richtext may sit, and how wide it may be (`tb-align-*`, `data-size`). */
export const IMAGE_ALIGNMENTS = ['left', 'center', 'right', 'wide'] as const;
export const IMAGE_SIZES = ['small', 'medium', 'large', 'full'] as const;

/**
 * What richtext may hold: the output of the admin's editor (Tiptap) and nothing that runs. No
 * script, style, iframe or form; no event handler or style attribute; links only over http(s),
 * mailto and tel, or relative. Links opening a new tab cannot reach back to this window.
 *
 * An image is a media library item, `<img data-media-id="12" src alt width height>`, alone or in
 * `<figure class="tb-image tb-align-center" data-size="large">` with a figcaption; any other img
 * (pasted from another site, a tracking pixel) is dropped. Which site the id belongs to is the
 * save's check (media references); the public site draws the image from the id, never from src.
 * A video of YouTube or Vimeo is `<figure class="tb-video" data-embed-url="https://...">`.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['data-media-id', 'src', 'alt', 'width', 'height'],
    figure: ['class', 'data-size', 'data-embed-url'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
    code: ['class'],
    span: ['class'],
  },
  allowedClasses: {
    code: [/^language-[a-z0-9-]+$/],
    span: [/^tb-[a-z0-9-]+$/],
    figure: ['tb-image', 'tb-video', ...IMAGE_ALIGNMENTS.map((align) => `tb-align-${align}`)],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !isMediaId(frame.attribs['data-media-id'])) ||
    (frame.tag === 'figure' &&
      /\btb-video\b/.test(frame.attribs.class ?? '') &&
      frame.attribs['data-embed-url'] === undefined),
  transformTags: {
    img: (tagName, attribs) => ({ tagName, attribs: imageAttributes(attribs) }),
    figure: (tagName, attribs) => {
      const { 'data-size': size, 'data-embed-url': embed, ...rest } = attribs;
      return {
        tagName,
        attribs: {
          ...rest,
          ...(size && (IMAGE_SIZES as readonly string[]).includes(size) ? { 'data-size': size } : {}),
          // A video page of YouTube or Vimeo only: the public site shows the video block's player.
          ...(embed && embed.length <= 500 && embedOf(embed) ? { 'data-embed-url': embed } : {}),
        },
      };
    },
    a: (tagName, attribs) => {
      if (attribs.target !== '_blank') {
        const { target: _target, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      const rel = new Set((attribs.rel ?? '').split(/\s+/).filter(Boolean));
      rel.add('noopener');
      rel.add('noreferrer');
      return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } };
    },
  },
};

/** A positive whole number as an attribute, no sign, no leading zero, within a row id's range. */
function isMediaId(value: string | undefined): boolean {
  return value !== undefined && /^[1-9]\d{0,14}$/.test(value);
}

/**
 * An image's src only as a path of this site's /media/ (what the editor writes when files are
 * served here; with MEDIA_URL elsewhere the editor and the public site draw the image from its id
 * alone), so no image in stored HTML loads from another host; width and height only as whole
 * numbers of pixels. The rest is for the allowlist to judge.
 */
function imageAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const out = { ...attribs };
  if (out.src !== undefined && !/^\/media(?:\/[a-z0-9][a-z0-9._-]*)+$/.test(out.src)) delete out.src;
  for (const name of ['width', 'height'])
    if (out[name] !== undefined && !/^[1-9]\d{0,4}$/.test(out[name])) delete out[name];
  return out;
}

/** Richtext as it is stored: sanitized by a maintained allowlist sanitizer. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The text of sanitized HTML, for excerpts and search: tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre|tr|figcaption)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
