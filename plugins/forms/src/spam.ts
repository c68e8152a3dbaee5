import type { FormField, SubmittedValues } from './model.js';

/**
 * The links a submission's text holds, the spam check people can see (a form may take none, or a
 * few): web addresses written out (`https://…`, or `www.…` without a scheme; in an HTML or BBCode
 * link too, once each), in the fields people write in (text and textarea: an email, a phone or a
 * choice holds no link).
 */

const LINK = /\bhttps?:\/\/|(?<![/\w.@-])www\.[^\s.]/gi;

/** How many links a text holds. */
export function linksIn(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/**
 * The field to say "too many links" beside when the submission's text fields together hold more
 * than `most` links (the one holding the most); null when they do not.
 */
export function tooManyLinks(
  fields: readonly FormField[],
  values: Readonly<SubmittedValues>,
  most: number,
): string | null {
  let total = 0;
  let worst: { name: string; count: number } | null = null;
  for (const field of fields) {
    if (field.type !== 'text' && field.type !== 'textarea') continue;
    const value = values[field.name];
    const count = linksIn(Array.isArray(value) ? value.join('\n') : (value ?? ''));
    total += count;
    if (count > 0 && (worst === null || count > worst.count)) worst = { name: field.name, count };
  }
  return total > most && worst !== null ? worst.name : null;
}
