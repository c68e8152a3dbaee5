import type { en } from './messages.js';

/** The French words of the plugins screen (messages.ts has the English). */
export const fr: typeof en = {
  title: 'Extensions',
  intro:
    'Les extensions ajoutent des fonctions au site. Elles s’installent sur le serveur avec sa commande plugin:install ; ici, vous les activez et les désactivez pour ce site. Désactivée, une extension garde ses données.',
  empty: 'Aucune extension n’est installée. Installez-en une sur le serveur avec sa commande plugin:install.',
  name: 'Extension',
  version: 'Version',
  state: 'État',
  actions: 'Actions',
  active: 'Active',
  inactive: 'Inactive',
  failed: 'Échec du chargement',
  activate: 'Activer',
  deactivate: 'Désactiver',
  activateNamed: 'Activer {{name}}',
  deactivateNamed: 'Désactiver {{name}}',
  activated: '{{name}} est active sur ce site.',
  deactivated: '{{name}} est désactivée sur ce site ; ses données restent.',
};
