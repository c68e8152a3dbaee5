import type { en } from './messages.js';

/** L’écran des comptes du site, en français. */
export const fr: typeof en = {
  title: 'Comptes',
  about:
    'Les visiteurs qui se sont inscrits sur le site : clients d’une boutique, membres. Ce ne sont pas des utilisateurs de l’administration.',
  search: 'Rechercher par nom ou adresse e-mail',
  statusFilter: 'État',
  statuses: { any: 'Tous', active: 'Actifs', suspended: 'Suspendus', anonymised: 'Anonymisés' },
  name: 'Nom',
  email: 'Adresse e-mail',
  status: 'État',
  created: 'Inscription',
  lastSignIn: 'Dernière connexion',
  never: 'Jamais',
  unconfirmed: 'Adresse non confirmée',
  anonymous: 'Compte anonymisé n° {{id}}',
  actions: 'Actions',
  empty:
    'Aucun visiteur ne s’est encore inscrit. Activez l’inscription dans Réglages › Comptes, ou une extension le fera.',
  noMatch: 'Aucun compte ne correspond.',
  total_one: '{{count}} compte',
  total_other: '{{count}} comptes',
  suspend: 'Suspendre',
  suspendLabel: 'Suspendre {{name}}',
  unsuspend: 'Réactiver',
  unsuspendLabel: 'Réactiver {{name}}',
  suspended: '{{name}} est suspendu et déconnecté partout.',
  unsuspended: '{{name}} peut de nouveau se connecter.',
  export: 'Exporter',
  exportLabel: 'Exporter les données de {{name}} (JSON)',
  delete: 'Supprimer',
  deleteLabel: 'Supprimer {{name}}',
  deleteTitle: 'Supprimer ce compte ?',
  deleteText:
    'Choisissez ce que deviennent {{name}} et ses données, sur le site et dans ses extensions. C’est définitif.',
  deleteChoice: 'Que faire',
  modeDelete: 'Supprimer le compte et ses données',
  modeDeleteHelp: 'Tout ce que le site et ses extensions gardent de la personne disparaît.',
  modeAnonymise: 'Anonymiser le compte',
  modeAnonymiseHelp:
    'Le compte reste, sans nom, sans adresse ni moyen de se connecter ; ce que d’autres en gardent (des commandes) reste cohérent.',
  confirmDelete: 'Supprimer le compte',
  confirmAnonymise: 'Anonymiser le compte',
  deleted: 'Le compte est supprimé.',
  anonymised: 'Le compte est anonymisé.',
};
