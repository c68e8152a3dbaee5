import { FRENCH_ACCOUNT } from './account-strings.js';
import { FRENCH_DISCUSSION } from './discussion-strings.js';
import { ENGLISH, type ThemeStrings } from './layouts.js';

/** The default theme in French. */
export const FRENCH: ThemeStrings = {
  skip: 'Aller au contenu',
  by: (author) => `Par ${author}`,
  published: (date) => `Publié le ${date}`,
  notFoundTitle: 'Page introuvable',
  notFoundText: 'Rien à cette adresse. La page a peut-être été déplacée, ou n’a jamais existé.',
  backHome: 'Retour à l’accueil',
  noPosts: 'Rien n’a encore été publié.',
  latestPosts: 'Derniers articles',
  photo: (who, where) => `Photo : ${who}${where ? ` sur ${where}` : ''}`,
  newer: 'Articles plus récents',
  older: 'Articles plus anciens',
  pagination: 'Pages',
  pageOf: (page, pages) => `Page ${page} sur ${pages}`,
  archive: (taxonomy, name) => (taxonomy === 'tag' ? `Mot-clé « ${name} »` : name),
  archiveDescription: (taxonomy, name, site) =>
    taxonomy === null
      ? `Les derniers articles de ${site}.`
      : `Les articles de ${site} ${taxonomy === 'tag' ? 'avec le mot-clé' : 'classés dans'} « ${name} ».`,
  search: 'Rechercher',
  searchLabel: 'Rechercher sur ce site',
  mainMenu: 'Menu principal',
  footerMenu: 'Menu du pied de page',
  languages: 'Langues',
  resultsFor: (words, total) => `${total} résultat${total > 1 ? 's' : ''} pour « ${words} »`,
  membersOnlyTitle: 'Réservé aux membres',
  membersOnlyText: 'Cette page est réservée aux membres du site. Connectez-vous pour la lire.',
  membersOnlyClosedText: 'Cette page est réservée aux membres du site.',
  planRequiredText: 'Votre adhésion ne donne pas accès à cette page.',
  signIn: 'Se connecter',
  discussion: FRENCH_DISCUSSION,
  account: FRENCH_ACCOUNT,
};

/** The theme's words in a page's language: French for fr and its regions, English otherwise. */
export function stringsFor(locale: string): ThemeStrings {
  return locale === 'fr' || locale.startsWith('fr-') ? FRENCH : ENGLISH;
}

/** A language's name in itself (`français`, `English`), for the language switcher. */
export function languageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return locale;
  }
}
