import type { SubmittedValues } from './model.js';

/**
 * The list's search looks for the words typed anywhere in a submission's values, whatever their
 * case, with LIKE on a text column kept beside the values (both engines, no extension). LIKE's own
 * characters (`%`, `_`, and `\`, PostgreSQL's escape) are written as two control characters in the
 * column and in the pattern alike, so a search for "50%" finds exactly "50%"; a control character
 * nobody types is left out, and every pair starts with one no text holds, so no match straddles them.
 */

const MARK = '\u0001';
const ENCODED: Record<string, string> = { '%': `${MARK}\u0002`, _: `${MARK}\u0003`, '\\': `${MARK}\u0004` };

function encoded(text: string): string {
  return (
    text
      .toLowerCase()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u0008]/g, ' ')
      .replace(/[%_\\]/g, (char) => ENCODED[char] ?? char)
  );
}

/** The searchable text of a submission's values, one line per value. */
export function searchText(values: Readonly<SubmittedValues>): string {
  return encoded(
    Object.values(values)
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((value) => value !== '')
      .join('\n'),
  );
}

/** The LIKE pattern finding `query` in a searchable text. */
export function searchPattern(query: string): string {
  return `%${encoded(query.trim())}%`;
}
