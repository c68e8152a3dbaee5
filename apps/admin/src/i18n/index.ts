import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from './en.js';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The interface's language: the user's profile once known, else the browser's, else English. */
export function languageFor(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    const found = LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return 'en';
}

/**
 * Each language's words are a chunk of their own, fetched when the language is first used: the
 * first load carries one language, not all of them. Every key exists in every language (a test
 * checks), so no fallback is needed.
 */
const MESSAGES: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en.js').then((module) => module.en),
  fr: () => import('./fr.js').then((module) => module.fr),
};

/** Switches the interface to `language`, fetching its words first when they are not here yet. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation'))
    i18next.addResourceBundle(language, 'translation', await MESSAGES[language]());
  await i18next.changeLanguage(language);
}

export async function startI18n(): Promise<void> {
  const language = languageFor(navigator.languages);
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: await MESSAGES[language]() } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
}

export { i18next };
