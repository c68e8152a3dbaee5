import type { Language } from '../index.js';
import { learnServerWords } from './known.js';
import type { en } from './messages.js';

/** The languages other than English: the server speaks English itself. */
type Translated = Exclude<Language, 'en'>;

/**
 * The server's words in a language other than English (its messages, the words in them, the
 * descriptions of permissions and webhook events), fetched with that language's own words; the
 * server's English templates come along, learned to read its messages by.
 */
export async function serverWords(language: Translated): Promise<typeof en> {
  const [english, words] = await Promise.all([import('./messages.js'), WORDS[language]()]);
  learnServerWords(english.en);
  return words;
}

const WORDS: Record<Translated, () => Promise<typeof en>> = {
  fr: () => import('./messages.fr.js').then((module) => module.fr),
};
