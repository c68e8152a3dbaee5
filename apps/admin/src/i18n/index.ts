import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from './en.js';
import { serverWords } from './server/language.js';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The profile's language when the user chose none: BCP 47's "undetermined" tag, which the server
 * takes like any language code and `languageFor` passes over, so the browser's languages decide.
 */
export const BROWSER_LANGUAGE = 'und';

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
  // The server's descriptions of permissions and events too: it writes them in English only.
  fr: () =>
    Promise.all([import('./fr.js'), serverWords('fr')]).then(([module, fromServer]) => ({
      ...module.fr,
      fromServer,
    })),
};

/** Switches the interface to `language`, fetching its words first when they are not here yet. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation'))
    i18next.addResourceBundle(language, 'translation', await MESSAGES[language]());
  await i18next.changeLanguage(language);
}

/**
 * Starts in the user's language: their profile's (`profileLocale`, when signed in), else the
 * browser's. The browser language's words are fetched while the profile is asked for, so most
 * loads wait for one of the two only.
 */
export async function startI18n(
  profileLocale: Promise<string | null> = Promise.resolve(null),
): Promise<void> {
  const browser = languageFor(navigator.languages);
  const early = MESSAGES[browser]();
  // Not needed when the profile names another language: its failure then matters to no one.
  early.catch(() => undefined);
  const profile = await profileLocale.catch(() => null);
  const language = languageFor([...(profile ? [profile] : []), ...navigator.languages]);
  const words = language === browser ? await early : await MESSAGES[language]();
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: words } },
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
