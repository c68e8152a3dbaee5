import type { en } from './campaigns.js';

/** The server's messages about newsletter campaigns, in French. */
export const fr: typeof en = {
  api: {
    notFound: 'Campagne {{id}} introuvable.',
    emailBlocks:
      'Une campagne s’écrit uniquement avec des blocs d’e-mail ; « {{type}} » n’en fait pas partie.',
    started:
      'L’envoi de la campagne {{id}} a commencé : seule une campagne en brouillon ou programmée peut être modifiée ou supprimée.',
    notCancellable: 'La campagne {{id}} n’est ni programmée ni en cours d’envoi : il n’y a rien à annuler.',
    empty: 'Une campagne a besoin d’un contenu avant d’être envoyée.',
    time: 'Une date au format ISO 8601 est attendue.',
    testUser: 'Un test est envoyé à votre propre adresse : connectez-vous en tant qu’utilisateur.',
    testSelf: 'Un test est envoyé uniquement à votre propre adresse.',
  },
  mail: {
    why: 'Vous recevez cette lettre d’information de {{site}}.',
    unsubscribe: 'Se désabonner',
    manage: 'Gérer votre abonnement',
  },
  page: {
    ask: 'Voulez-vous ne plus recevoir cette lettre d’information ?',
    done: 'Vous êtes désabonné : cette lettre d’information ne vous sera plus envoyée.',
  },
};
