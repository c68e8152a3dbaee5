import { tokenizeHtml } from './html.js';

/** A run of text a reader sees as one unit: a paragraph, a list item, a heading, a cell. */
export interface TextBlock {
  /** The element holding it ('p', 'li', 'h2'...), or '' for text outside any block. */
  tag: string;
  /** 1 to 6 for headings, 0 otherwise. */
  headingLevel: number;
  text: string;
}

export interface BodyImage {
  /** undefined when the attribute is missing; '' when present but empty. */
  alt: string | undefined;
}

/** What the checks need to know about an entry's HTML. */
export interface Body {
  blocks: TextBlock[];
  images: BodyImage[];
  /** The href of every link, as written. */
  links: string[];
}

// Elements that break text into separate blocks; anything else is inline and joins its neighbours.
const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);
const VOID_BLOCKS = new Set(['hr']);
// Runs of spaces and any other white space (newlines, tabs, no-break spaces) become one space;
// a lone space, by far the most common, is left alone.
const SPACES = /\s{2,}|[^\S ]/g;
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;

function headingLevelOf(tag: string): number {
  return /^h[1-6]$/.test(tag) ? Number(tag.slice(1)) : 0;
}

export function readBody(html: string): Body {
  const body: Body = { blocks: [], images: [], links: [] };
  const openBlocks: string[] = [];
  // How many of each name are open, so a stray closing tag costs nothing instead of a scan of the stack.
  const openCounts = new Map<string, number>();
  let pieces: string[] = [];

  const endBlock = () => {
    if (pieces.length === 0) return;
    const text = pieces.join('').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
    pieces = [];
    if (text === '') return;
    const tag = openBlocks[openBlocks.length - 1] ?? '';
    body.blocks.push({ tag, headingLevel: headingLevelOf(tag), text });
  };

  tokenizeHtml(html, {
    openTag(name, attributes) {
      if (BLOCK_ELEMENTS.has(name)) {
        endBlock();
        if (VOID_BLOCKS.has(name)) return;
        openBlocks.push(name);
        openCounts.set(name, (openCounts.get(name) ?? 0) + 1);
      } else if (name === 'br') {
        pieces.push(' ');
      } else if (name === 'img') {
        body.images.push({ alt: attributes.get('alt') });
      } else if (name === 'a') {
        const href = attributes.get('href');
        if (href !== undefined) body.links.push(href.trim());
      }
    },
    closeTag(name) {
      if (!BLOCK_ELEMENTS.has(name)) return;
      endBlock();
      if (!openCounts.get(name)) return;
      // Elements left open inside this one close with it, as a browser does.
      for (;;) {
        const closed = openBlocks.pop();
        if (closed === undefined) break;
        openCounts.set(closed, (openCounts.get(closed) ?? 1) - 1);
        if (closed === name) break;
      }
    },
    text(text) {
      pieces.push(text);
    },
  });
  endBlock();
  return body;
}
