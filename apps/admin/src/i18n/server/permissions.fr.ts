import type { en } from './permissions.js';

/** What each permission lets a role do, in French. */
export const fr: typeof en = {
  core: {
    pages: {
      view: 'Voir les pages dans l’administration, brouillons compris',
      create: 'Créer des pages',
      edit: 'Modifier ses propres pages',
      edit_others: 'Modifier les pages des autres utilisateurs',
      delete: 'Supprimer ses propres pages',
      delete_others: 'Supprimer les pages des autres utilisateurs',
      publish: 'Publier et programmer ses propres pages',
      publish_others: 'Publier et programmer les pages des autres utilisateurs',
    },
    posts: {
      view: 'Voir les articles dans l’administration, brouillons compris',
      create: 'Créer des articles',
      edit: 'Modifier ses propres articles',
      edit_others: 'Modifier les articles des autres utilisateurs',
      delete: 'Supprimer ses propres articles',
      delete_others: 'Supprimer les articles des autres utilisateurs',
      publish: 'Publier et programmer ses propres articles',
      publish_others: 'Publier et programmer les articles des autres utilisateurs',
    },
    content: { review: 'Approuver ou renvoyer les contenus soumis à relecture' },
    media: {
      view: 'Parcourir la médiathèque',
      upload: 'Téléverser des fichiers',
      edit: 'Modifier les informations de ses propres médias',
      edit_others: 'Modifier les informations des médias des autres utilisateurs',
      delete: 'Supprimer ses propres médias',
      delete_others: 'Supprimer les médias des autres utilisateurs',
    },
    users: {
      view: 'Voir les utilisateurs du site',
      create: 'Ajouter des utilisateurs au site',
      edit: 'Modifier les utilisateurs et leurs rôles',
      delete: 'Retirer des utilisateurs',
    },
    roles: {
      view: 'Voir les rôles et leurs permissions',
      create: 'Créer des rôles personnalisés',
      edit: 'Modifier les rôles et leurs permissions',
      delete: 'Supprimer des rôles personnalisés',
    },
    settings: { view: 'Voir les réglages du site', edit: 'Modifier les réglages du site' },
    plugins: { manage: 'Installer, activer et configurer des extensions' },
    themes: { manage: 'Installer, changer et configurer les thèmes' },
    comments: {
      view: 'Voir tous les commentaires, y compris ceux en attente',
      moderate: 'Approuver, retenir ou marquer comme indésirables des commentaires',
      edit: 'Modifier des commentaires',
      delete: 'Supprimer des commentaires',
    },
    accounts: {
      view: 'Voir les comptes du site : les visiteurs qui s’y sont inscrits',
      manage: 'Suspendre, supprimer, anonymiser et exporter des comptes du site',
    },
    taxonomies: { manage: 'Gérer les catégories, les étiquettes et les taxonomies personnalisées' },
    content_types: { manage: 'Définir des types de contenu personnalisés et leurs champs' },
    menus: { manage: 'Gérer les menus de navigation' },
    redirects: {
      manage: 'Rediriger d’anciennes adresses du site vers de nouvelles, ou les marquer disparues',
    },
    widgets: { manage: 'Gérer les widgets, l’en-tête et le pied de page' },
    patterns: { manage: 'Gérer les compositions de blocs réutilisables et les jetons de design' },
    webhooks: { manage: 'Gérer les webhooks et voir leurs livraisons' },
    analytics: { view: 'Voir les statistiques et les exporter' },
    activity: { view: 'Voir et exporter le journal d’activité' },
    sites: {
      view: 'Voir tous les sites de l’installation',
      manage: 'Créer, configurer et désactiver des sites',
    },
    translations: { manage: 'Gérer les langues et les traductions' },
    email_templates: { manage: 'Modifier les modèles d’e-mail' },
    newsletter: {
      manage: 'Gérer les abonnés à la lettre d’information',
      send: 'Envoyer des lettres d’information',
    },
    branding: { manage: 'Modifier l’image de marque de l’administration' },
    account: {
      manage:
        'Modifier son propre compte (profil, e-mail, mot de passe, connexion en deux étapes, révocation de ses jetons). Chaque utilisateur la détient pour son compte et les sessions l’ont toujours ; un jeton d’API limité à une liste de permissions ne l’a que si la liste la cite',
    },
    tokens: {
      create: 'Créer des jetons d’API pour soi-même',
      manage: 'Voir et révoquer les jetons d’API des autres utilisateurs',
    },
    jobs: { manage: 'Voir les tâches de fond en échec et les relancer' },
  },
  contentType: {
    view: 'Voir les entrées « {{label}} » dans l’administration, brouillons compris',
    create: 'Créer des entrées « {{label}} »',
    edit: 'Modifier ses propres entrées « {{label}} »',
    edit_others: 'Modifier les entrées « {{label}} » des autres utilisateurs',
    delete: 'Supprimer ses propres entrées « {{label}} »',
    delete_others: 'Supprimer les entrées « {{label}} » des autres utilisateurs',
    publish: 'Publier et programmer ses propres entrées « {{label}} »',
    publish_others: 'Publier et programmer les entrées « {{label}} » des autres utilisateurs',
  },
};
