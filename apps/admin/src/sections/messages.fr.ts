import type { en } from './messages.js';

/**
 * The French words of this area (messages.ts has the English): one module per language, so each
 * language's chunk carries its own words only.
 */
export const fr: typeof en = {
  openBuilder: 'Modifier « {{area}} » dans le constructeur',
  title: 'En-tête et pied de page',
  about:
    'L’en-tête et le pied de page de toutes les pages, construits avec des blocs. Tant qu’aucun n’est publié, les pages montrent ceux du thème.',
  which: 'Section à modifier',
  area: { header: 'En-tête', footer: 'Pied de page' },
  live: 'Sur toutes les pages depuis le {{date}}',
  themeOwn: 'Les pages montrent ceux du thème',
  changed: 'Le brouillon diffère de ce que montrent les pages.',
  stale:
    'Quelqu’un a enregistré cette section après votre ouverture. Rechargez pour voir sa version, puis réappliquez vos modifications.',
  saveDraft: 'Enregistrer le brouillon',
  publish: 'Publier sur toutes les pages',
  unpublish: 'Revenir à ceux du thème',
};
