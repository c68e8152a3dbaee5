import { type Analysis, characterCount } from './analysis.js';
import { titleWidthPx } from './title-width.js';
import type { Check } from './types.js';

const TITLE_MIN_CHARACTERS = 30;
const TITLE_MAX_CHARACTERS = 60;
const TITLE_MAX_PX = 580;

export function titleLength({ input, messages }: Analysis): Check {
  const id = 'title_length';
  const characters = characterCount(input.title);
  if (characters === 0) return { id, status: 'problem', message: messages.titleEmpty() };
  const px = titleWidthPx(input.title.trim());
  if (characters > TITLE_MAX_CHARACTERS || px > TITLE_MAX_PX) {
    return { id, status: 'improve', message: messages.titleTooLong(characters, px) };
  }
  if (characters < TITLE_MIN_CHARACTERS) {
    return { id, status: 'improve', message: messages.titleTooShort(characters) };
  }
  return { id, status: 'good', message: messages.titleFits(characters) };
}

export function descriptionLength({ input, messages }: Analysis): Check {
  const id = 'description_length';
  const characters = characterCount(input.description);
  // Not a problem: the excerpt stands in for it.
  if (characters === 0) return { id, status: 'improve', message: messages.descriptionEmpty() };
  if (characters < 120) return { id, status: 'improve', message: messages.descriptionTooShort(characters) };
  if (characters <= 160) return { id, status: 'good', message: messages.descriptionFits(characters) };
  if (characters <= 300) return { id, status: 'improve', message: messages.descriptionTooLong(characters) };
  return { id, status: 'problem', message: messages.descriptionFarTooLong(characters) };
}

/** A title or description as duplicates are compared: trimmed, spaces collapsed, lowercased. */
export function comparable(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

function takenBy(others: readonly string[], candidates: readonly string[]): boolean {
  const wanted = new Set(candidates.map(comparable).filter((text) => text !== ''));
  return wanted.size > 0 && others.some((other) => wanted.has(comparable(other)));
}

/**
 * Both the SEO title and the entry's own title are compared, as the other entries' titles may come
 * either way: a duplicate hides behind a template's " | Site" otherwise.
 */
export function duplicateTitle({ input, messages }: Analysis): Check | undefined {
  if (!input.others) return undefined;
  const id = 'duplicate_title';
  return takenBy(input.others.titles, [input.title, input.entryTitle ?? ''])
    ? { id, status: 'problem', message: messages.titleDuplicated() }
    : { id, status: 'good', message: messages.titleUnique() };
}

export function duplicateDescription({ input, messages }: Analysis): Check | undefined {
  if (!input.others) return undefined;
  const id = 'duplicate_description';
  if (input.description.trim() === '') {
    return { id, status: 'good', message: messages.descriptionNotCompared() };
  }
  return takenBy(input.others.descriptions, [input.description])
    ? { id, status: 'problem', message: messages.descriptionDuplicated() }
    : { id, status: 'good', message: messages.descriptionUnique() };
}
