import type { en } from './messages.js';

/** The French words of a content list's filters (messages.ts has the English). */
export const fr: typeof en = {
  filters: 'Filtres',
  author: 'Auteur',
  anyAuthor: 'Tout le monde',
  term: 'Terme',
  anyTerm: 'Tous les termes',
  termsFailed: 'Les termes n’ont pas pu être chargés.',
  language: 'Langue',
  anyValue: 'Tous',
  anyLanguage: 'Toutes les langues',
  dates: 'Dates',
  from: 'Du',
  to: 'Au',
  backwards: 'La fin précède le début.',
  order: 'Ordre',
  newestFirst: 'Plus récents d’abord',
  oldestFirst: 'Plus anciens d’abord',
  aToZ: 'De A à Z',
  zToA: 'De Z à A',
  clear: 'Effacer les filtres',
  noMatch: 'Aucun contenu ne correspond à ces filtres.',
  builtin: {
    posts: 'Articles',
    pages: 'Pages',
    post: 'Article',
    page: 'Page',
    content: 'Contenu',
    contentHelp: 'L’article lui-même. L’extrait est pris à son début quand aucun n’est écrit.',
    uncategorized: 'Non classé',
  },
};
