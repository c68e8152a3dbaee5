import type { EntryState } from '../entries/entry.js';
import type { ContentType } from '../types/content-type.js';

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
  return parts.join(' ');
}

/** HTML (sanitized richtext, builder props) as plain text: tags dropped, the common entities read. */
export function plainText(html: string): string {
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
  return plainText(parts.filter(Boolean).join(' ')).slice(0, SEARCHABLE_CHARS);
}
