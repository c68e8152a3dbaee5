import type { en } from './messages.js';

/**
 * The French words of this area (messages.ts has the English): one module per language, so each
 * language's chunk carries its own words only.
 */
export const fr: typeof en = {
  title: 'Tâches de fond',
  intro:
    'Le travail que le serveur fait hors de vue : envoyer les webhooks et les e-mails, publier à l’heure prévue, faire le ménage. La file sert tous les sites de l’installation.',
  filter: 'Afficher les tâches',
  status: {
    failed: 'Échouées',
    pending: 'En attente',
    running: 'En cours',
    completed: 'Terminées',
    cancelled: 'Annulées',
    any: 'Toutes',
  },
  empty: {
    failed: 'Aucune tâche n’a échoué. Une tâche qui épuise ses tentatives attend ici d’être relancée.',
    pending: 'Aucune tâche n’attend.',
    running: 'Aucune tâche ne tourne en ce moment.',
    completed: 'Aucune tâche terminée ces 7 derniers jours.',
    cancelled: 'Aucune tâche annulée ces 7 derniers jours.',
    any: 'La file est vide.',
  },
  noMatch: 'Aucune tâche ne correspond à ces filtres.',
  name: 'Type de tâche',
  nameHelp: 'Le nom exact, comme webhooks.deliver',
  queue: 'File',
  queueHelp: 'Le nom exact, comme default',
  refresh: 'Actualiser',
  site: 'Site n° {{id}}',
  installation: 'L’installation',
  attempts: 'Tentatives : {{attempts}} sur {{max}}',
  runAt: 'S’exécute {{when}}',
  ranAt: 'Dernière échéance {{when}}',
  completedAt: 'Terminée {{when}}',
  createdAt: 'Mise en file {{when}}',
  lockedBy: 'Tenue par {{worker}} jusqu’à {{when}}',
  lastError: 'Dernière erreur',
  more: 'Tout afficher',
  less: 'Afficher moins',
  payload: 'Données',
  subject: 'tâche n° {{id}} ({{name}})',
  showPayload: 'Données',
  hidePayload: 'Masquer les données',
  retry: 'Relancer',
  retried: 'La tâche n° {{id}} est de retour dans la file.',
  cancel: 'Annuler la tâche',
  cancelConfirm: 'Annuler la tâche n° {{id}} ({{name}}) ? Elle ne s’exécutera pas.',
  cancelled: 'La tâche n° {{id}} est annulée.',
  reschedule: 'Replanifier',
  rescheduleAt: 'Exécuter le ({{zone}})',
  rescheduleSave: 'Déplacer la tâche',
  rescheduled: 'La tâche n° {{id}} s’exécutera {{when}}.',
  close: 'Fermer',
};
