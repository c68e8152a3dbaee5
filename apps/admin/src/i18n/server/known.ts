import type { en } from './messages.js';
import { type Matcher, matchersOf } from './templates.js';

/**
 * The server's English, once a language other than English has fetched it (language.ts): the
 * templates its messages are read by, and the words it puts into them. English needs neither (the
 * server's words are shown as they come), so its first load carries none of it.
 */
export interface KnownServerWords {
  matchers: readonly Matcher[];
  words: (typeof en)['words'];
}

let known: KnownServerWords | null = null;

export function learnServerWords(english: typeof en): void {
  known = { matchers: matchersOf(english.messages, 'fromServer.messages'), words: english.words };
}

/** The server's English as learned, or null while no other language has been used. */
export function knownServerWords(): KnownServerWords | null {
  return known;
}
