import type { en } from './messages.js';

/**
 * The French words of this area (messages.ts has the English): one module per language, so each
 * language's chunk carries its own words only.
 */
export const fr: typeof en = {
  title: 'Sites',
  new: 'Nouveau site',
  edit: 'Modifier {{name}}',
  editShort: 'Modifier',
  empty: 'Aucun site pour l’instant.',
  name: 'Nom',
  domain: 'Domaine',
  domainHelp: 'Le nom d’hôte auquel le site répond, comme example.com.',
  aliases: 'Autres domaines',
  aliasesHelp: 'Appuyez sur Entrée après chacun ; ils redirigent vers le domaine.',
  locales: 'Langues',
  localesHelp: 'Codes de langue comme en ou fr-CA ; appuyez sur Entrée après chacun.',
  defaultLocale: 'Langue par défaut',
  state: 'État',
  enabled: 'En ligne',
  disabled: 'Désactivé',
  enable: 'Activer',
  disable: 'Désactiver',
  disableTitle: 'Désactiver ce site ?',
  disableConfirm:
    'Désactiver « {{name}} » ? Ses adresses répondront « introuvable » ; son contenu reste et il pourra être réactivé.',
  branding: 'Marque',
  shownAs: 'Affiché comme « {{name}} »',
  save: 'Enregistrer le site',
  create: 'Créer le site',
};
