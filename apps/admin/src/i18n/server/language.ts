import type { Language } from '../index.js';
import type { en } from './messages.js';

/** The languages other than English: the server describes its permissions and events in English. */
type Translated = Exclude<Language, 'en'>;

/** The descriptions of permissions and webhook events in a language other than English. */
export function serverWords(language: Translated): Promise<typeof en> {
  return WORDS[language]();
}

const WORDS: Record<Translated, () => Promise<typeof en>> = {
  fr: () => import('./messages.fr.js').then((module) => module.fr),
};
