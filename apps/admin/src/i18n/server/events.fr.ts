import type { en } from './events.js';

/** What each webhook event says happened, in French. */
export const fr: typeof en = {
  entry: {
    created: 'Une entrée de type {{type}} a été créée',
    updated: 'Une entrée de type {{type}} a été enregistrée',
    published: 'Une entrée de type {{type}} a été publiée (à la main ou à l’heure prévue)',
    unpublished:
      'Une entrée de type {{type}} a été retirée du site (dépubliée, mise à la corbeille ou supprimée alors qu’elle était publiée)',
    scheduled: 'Une entrée de type {{type}} a été programmée pour publication',
    deleted: 'Une entrée de type {{type}} a été mise à la corbeille ou supprimée',
  },
  other: {
    user: { created: 'Un utilisateur a été créé sur le site' },
    comment: {
      created: 'Un commentaire a été posté (approuvé, en attente ou retenu comme indésirable)',
      approved: 'Un commentaire a été approuvé (dès son arrivée ou par un modérateur)',
      updated:
        'Un commentaire a été modifié, ou retenu, marqué comme indésirable ou mis à la corbeille par un modérateur',
      deleted: 'Un commentaire a été supprimé définitivement',
    },
    media: {
      created: 'Un fichier a été ajouté à la médiathèque (téléversé ou importé)',
      updated: 'Les informations, le dossier, le point focal ou les fichiers d’un média ont changé',
      deleted: 'Un média et ses fichiers ont été supprimés',
    },
    settings: {
      updated:
        'Des réglages du site ont changé (les groupes sont nommés ; les valeurs ne sont jamais envoyées)',
    },
  },
};
