import type { EntryState } from '../entries/entry.js';
import type { ContentType } from '../types/content-type.js';

/** Where one paragraph of text ends and the next begins, between the blocks of blockText. */
export const PARAGRAPH_BREAK = '\u2029';
// The ends of HTML's paragraphs: a heading, paragraph or list item ends with its element.
const PARAGRAPH_END = /<\/(?:p|h[1-6]|li|blockquote|pre|figcaption|dt|dd)>/gi;
// A paragraph that ends like this ends its own sentence; any other is given a full stop.
const SENTENCE_END = /[.!?…:;,)»"'”’]$/u;

/**
 * The text of a block tree: its text and content props, depth first, up to about `budget`
 * characters; the children of conditional blocks are left out.
 */
export function blockText(blocks: unknown[], budget: number): string {
  const parts: string[] = [];
  let size = 0;
  const walk = (nodes: unknown[]) => {
    for (const node of nodes) {
      if (size >= budget || !node || typeof node !== 'object') continue;
      const block = node as { type?: unknown; props?: Record<string, unknown>; children?: unknown[] };
      for (const key of ['text', 'content']) {
        const value = block.props?.[key];
        if (typeof value === 'string') {
          parts.push(value);
          size += value.length;
        }
      }
      // What a conditional block shows depends on who looks: its text stays out of excerpts and search.
      if (Array.isArray(block.children) && block.type !== 'conditional') walk(block.children);
    }
  };
  walk(blocks);
  // Each block is a paragraph of its own: a heading block's text ends its sentence in plainText.
  return parts.join(PARAGRAPH_BREAK);
}

/**
 * HTML (sanitized richtext, builder props) as plain text: tags dropped, the common entities read,
 * and paragraphs kept apart: a heading without a full stop gets one, so "What we saw" and
 * "Nets drying..." read as two sentences, not one.
 */
export function plainText(html: string): string {
  const paragraphs = html.replace(PARAGRAPH_END, PARAGRAPH_BREAK).split(PARAGRAPH_BREAK).map(inlineText);
  const said = paragraphs.filter(Boolean);
  return said
    .map((text, i) => (i < said.length - 1 && !SENTENCE_END.test(text) ? `${text}.` : text))
    .join(' ');
}

function inlineText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

// What search reads of one entry; a very long page is indexed by its beginning.
const SEARCHABLE_CHARS = 100_000;

/**
 * The words an entry says besides its title, as plain text: the excerpt, its text, textarea and
 * richtext field values, and the text of its blocks. What search indexes as the body.
 */
export function searchableText(type: Pick<ContentType, 'fields'>, state: EntryState): string {
  const parts = [state.excerpt];
  for (const field of type.fields) {
    const value = state.fields[field.key];
    if (
      (field.type === 'text' || field.type === 'textarea' || field.type === 'richtext') &&
      typeof value === 'string'
    )
      parts.push(value);
  }
  parts.push(blockText(state.blocks, SEARCHABLE_CHARS));
  return plainText(parts.filter(Boolean).join(PARAGRAPH_BREAK)).slice(0, SEARCHABLE_CHARS);
}
