import type { en } from './messages.js';

/**
 * The French words of this area (messages.ts has the English): one module per language, so each
 * language's chunk carries its own words only.
 */
export const fr: typeof en = {
  branding: {
    title: 'Marque',
    about:
      'Marque blanche : le nom, le logo, l’icône et les couleurs affichés à la place de ceux par défaut dans l’administration, sa page de connexion, l’onglet du navigateur et les e-mails du système.',
    name: 'Nom du système',
    nameHelp: 'Laissé vide, le nom du site est affiché.',
    logo_url: 'Logo',
    favicon_url: 'Icône de l’onglet',
    fromLibrary: 'Depuis la médiathèque',
    primary_color: 'Couleur principale',
    secondary_color: 'Couleur secondaire',
    accent_color: 'Couleur d’accent',
    save: 'Enregistrer la marque',
    saved: 'La marque est enregistrée ; l’administration l’affiche désormais.',
  },
  title: 'Réglages',
  groups: 'Groupes de réglages',
  group: {
    accounts: 'Comptes',
    general: 'Général',
    reading: 'Lecture',
    discussion: 'Discussion',
    revisions: 'Révisions',
    editing: 'Édition',
    media: 'Médias',
    webhooks: 'Webhooks',
    plugins: 'Extensions',
    analytics: 'Statistiques',
    design: 'Apparence',
    mcp: 'Clients IA',
    newsletter: 'Lettre d’information',
    redirects: 'Redirections',
  },
  about: {
    accounts:
      'Comptes du site : les visiteurs qui s’inscrivent sur le site (clients d’une boutique, membres).',
    general: 'Titre, slogan, fuseau horaire, format de date et langues.',
    reading: 'Ce que montre la page d’accueil et combien d’articles une page liste.',
    discussion: 'Les commentaires et leur modération.',
    revisions: 'Combien de versions antérieures de chaque contenu sont gardées.',
    editing: 'Combien de temps dure un verrou d’édition quand personne ne tape.',
    media:
      'La médiathèque : types acceptés, tailles maximales, qualité des images, doublons, fichiers inutilisés, photos libres.',
    webhooks:
      'Où les webhooks peuvent livrer, le calendrier des nouvelles tentatives et la durée du journal des livraisons.',
    plugins: 'Ce que les extensions peuvent joindre quand elles appellent d’autres serveurs.',
    analytics: 'Statistiques du site public, sans cookie.',
    design: 'Couleurs, polices, échelle typographique, espacements, coins et ombres du site public.',
    mcp: 'Les clients IA (Claude, Cursor et autres clients MCP) qui travaillent sur le contenu avec un jeton d’API.',
    newsletter:
      'Les campagnes de la lettre d’information : à quelle vitesse elles partent et si les ouvertures sont comptées.',
    redirects:
      'Envoyer les visiteurs d’anciennes adresses du site vers les nouvelles, ou leur dire qu’une page n’existe plus.',
    plugin: 'Réglages ajoutés par une extension.',
  },
  notFound: 'Il n’y a pas de groupe de réglages « {{group}} ».',
  readOnly: 'Vous pouvez voir ces réglages, mais pas les modifier.',
  save: 'Enregistrer',
  discard: 'Annuler les modifications',
  unsaved: 'Modifications non enregistrées',
  saved: 'Réglages enregistrés.',
  failed: 'Les réglages n’ont pas été enregistrés : voyez le message à côté de chaque champ concerné.',
  guardedInstallation: 'Seul un super administrateur, qui gère l’installation, peut modifier ceci.',
  guardedPermission: 'Modifier ceci demande la permission « {{permission}} ».',
  itemError: 'Élément {{n}} : {{message}}',
  addItems: 'Appuyez sur Entrée après chaque valeur.',
  noTimeZone: 'Aucun fuseau horaire ne correspond.',
  noPage: 'Aucune page publiée ne correspond.',
  secretSet: 'Défini. Saisissez une nouvelle valeur pour le remplacer.',
  secretUnset: 'Non défini.',
  secretClear: 'Supprimer',
  secretClearLabel: 'Supprimer : {{name}}',
  secretCleared: 'Supprimé à l’enregistrement.',
  themeColour: 'Vide : la couleur du thème.',
  invalidJson: 'Ce n’est pas du JSON valide.',
  section: {
    limits: 'Tailles maximales',
    images: 'Images',
    orphans: 'Médias inutilisés',
    stock: 'Photos libres',
    colors: 'Couleurs',
    darkColors: 'Couleurs en mode sombre',
    type: 'Typographie',
    shapes: 'Espacements, coins et ombres',
    moderation: 'Modération',
    spam: 'Protection contre le spam',
  },
  color: {
    primary: 'Principale',
    secondary: 'Secondaire',
    accent: 'Accent',
    text: 'Texte',
    background: 'Fond',
    surface: 'Surface',
    muted: 'Texte atténué',
    border: 'Bordures',
  },
  label: {
    accounts: {
      registration: 'Les visiteurs peuvent créer un compte',
      form_posts_per_minute: 'Envois des formulaires de compte par minute',
    },
    general: {
      title: 'Titre du site',
      tagline: 'Slogan',
      time_zone: 'Fuseau horaire',
      date_format: 'Format de date',
      time_format: 'Format d’heure',
      default_locale: 'Langue par défaut',
      enabled_locales: 'Langues',
    },
    reading: {
      posts_per_page: 'Articles par page',
      show_on_front: 'La page d’accueil montre',
      front_page_id: 'Page d’accueil',
      feed_items: 'Éléments du flux RSS',
    },
    discussion: {
      comments_enabled: 'Autoriser les commentaires',
      moderation: 'Retenir pour approbation',
      require_name_email: 'Les auteurs de commentaires doivent donner un nom et une adresse e-mail',
      close_after_days: 'Fermer les commentaires après (jours)',
      max_depth: 'Profondeur des réponses',
      comments_per_page: 'Commentaires de premier niveau par page',
      comment_order: 'Commentaires affichés en premier',
      min_seconds: 'Temps minimal pour écrire un commentaire (secondes)',
      max_links: 'Liens permis avant approbation',
      blocked_words: 'Mots bloqués',
      blocked_ips: 'Adresses IP bloquées',
      blocked_email_domains: 'Domaines e-mail bloqués',
      notify_authors: 'Prévenir les auteurs des nouveaux commentaires par e-mail',
    },
    revisions: { revisions_to_keep: 'Révisions gardées par contenu' },
    editing: { lock_idle_seconds: 'Expiration du verrou d’édition (secondes)' },
    media: {
      allowed_types: 'Types de fichiers acceptés',
      max_image_bytes: 'Image la plus lourde',
      max_video_bytes: 'Vidéo la plus lourde',
      max_audio_bytes: 'Fichier audio le plus lourd',
      max_document_bytes: 'Document le plus lourd',
      max_archive_bytes: 'Archive la plus lourde',
      max_image_megapixels: 'Image la plus grande (mégapixels)',
      webp_quality: 'Qualité WebP',
      max_image_dimension: 'Plus grand côté après optimisation (pixels)',
      deduplicate: 'Réutiliser les envois en double',
      keep_originals: 'Garder l’original de chaque image',
      orphans: { action: 'Qu’en faire', min_age_days: 'Seulement les médias de plus de (jours)' },
      allow_private_sources: 'Autoriser les imports depuis des adresses privées',
      unsplash_access_key: 'Clé d’accès Unsplash',
      pexels_api_key: 'Clé d’API Pexels',
    },
    webhooks: {
      allow_private_targets: 'Autoriser les adresses privées',
      retry_delays_seconds: 'Délais entre les tentatives (secondes)',
      log_days: 'Garder le journal des livraisons (jours)',
    },
    plugins: { allow_private_addresses: 'Autoriser les adresses privées' },
    analytics: { enabled: 'Compter les pages vues' },
    mcp: { enabled: 'Autoriser les clients IA (MCP)', read_only: 'Lecture seule' },
    newsletter: { rate_per_minute: 'Messages par minute', track_opens: 'Compter les ouvertures' },
    design: {
      font_body: 'Police du texte',
      font_heading: 'Police des titres',
      font_size: 'Taille du texte (px)',
      type_scale: 'Échelle des titres',
      spacing: 'Pas d’espacement (rem)',
      radius: 'Arrondi des coins (px)',
      shadow: 'Ombres',
    },
  },
  help: {
    accounts: {
      registration:
        'Activé : le site a des pages de compte (/account/register, connexion, profil) où les visiteurs s’inscrivent avec une adresse e-mail confirmée. Désactivé : personne ne peut s’inscrire ; les pages restent pour les comptes créés avant.',
      form_posts_per_minute:
        'Combien de fois une même adresse peut envoyer chaque formulaire de compte (connexion, inscription, réinitialisation…) en une minute.',
    },
    general: {
      title: 'Affiché dans les onglets du navigateur, les flux et l’en-tête du thème.',
      tagline: 'Une courte phrase sur le site, affichée par les thèmes qui ont la place.',
      time_zone: 'Les dates du site et de l’administration sont affichées dans ce fuseau.',
      date_format: 'Un motif de date Unicode, comme d MMMM yyyy (7 mars 2025) ou dd/MM/yyyy.',
      time_format: 'Un motif d’heure Unicode, comme HH:mm (14:30) ou h:mm a (2:30 PM).',
      default_locale: 'La langue du contenu principal du site : l’une de ses langues.',
      enabled_locales: 'Des codes de langue comme en, fr ou pt-BR.',
    },
    reading: {
      posts_per_page: 'Combien d’articles une liste du site montre sur chaque page.',
      show_on_front: 'Ce que voient les visiteurs à l’adresse du site.',
      front_page_id: 'La page publiée affichée à l’adresse du site.',
      feed_items: 'Combien des derniers contenus le flux liste.',
    },
    mcp: {
      enabled:
        'Activé : les clients IA peuvent travailler sur le site par /api/mcp et la commande mcp du serveur, chacun avec un jeton et dans la limite de ce que peut son utilisateur. Désactivé : /api/mcp répond 404 et la commande mcp refuse le site.',
      read_only:
        'Activé : les clients IA peuvent lire le contenu, les médias et les réglages, sans rien modifier. Désactivé : ils peuvent aussi faire des modifications, dans la limite de ce que peut leur utilisateur.',
    },
    discussion: {
      comments_enabled:
        'Activé : les visiteurs peuvent commenter les contenus dont le type accepte les commentaires, jusqu’à leur fermeture. Désactivé : personne ne peut commenter.',
      require_name_email:
        'Activé : un commentaire n’est accepté qu’avec un nom et une adresse e-mail. Désactivé : les deux sont facultatifs, et un commentaire sans nom est affiché comme « Anonyme ».',
      moderation: 'Quels commentaires attendent un modérateur avant d’être affichés.',
      close_after_days:
        'Les commentaires ferment ce nombre de jours après la publication ; 0 les laisse ouverts.',
      max_depth: 'Jusqu’à quelle profondeur les réponses aux réponses s’imbriquent.',
      comments_per_page:
        'Une longue discussion est coupée en pages de ce nombre de commentaires de premier niveau, chacun avec toutes ses réponses.',
      comment_order:
        'Les commentaires par lesquels une discussion commence, sur sa première page. Les réponses se lisent toujours de la plus ancienne à la plus récente sous le commentaire auquel elles répondent.',
      min_seconds:
        'Un commentaire envoyé plus tôt après l’affichage de son formulaire est refusé : les humains prennent plus de temps, pas les robots.',
      max_links: 'Un commentaire contenant plus de liens attend une approbation.',
      blocked_words: 'Un commentaire qui en contient un, dans son nom, son adresse ou son texte, est refusé.',
      blocked_ips: 'Une adresse exacte, ou un préfixe finissant par . ou : (comme 203.0.113.).',
      blocked_email_domains: 'Les commentaires d’adresses de ces domaines sont refusés.',
      notify_authors:
        'Activé : l’auteur d’un contenu reçoit un e-mail quand quelqu’un d’autre le commente. Désactivé : personne ne reçoit d’e-mail sur les commentaires.',
    },
    revisions: { revisions_to_keep: 'Les révisions plus anciennes sont supprimées ; 0 n’en garde aucune.' },
    editing: {
      lock_idle_seconds:
        'Pendant qu’une personne modifie un contenu, les autres ne le peuvent pas ; le verrou expire après ce nombre de secondes sans signe de son éditeur.',
    },
    media: {
      allowed_types:
        'Des types MIME comme image/png, reconnus d’après le contenu du fichier (jamais son nom). Les autres fichiers sont refusés.',
      max_document_bytes: 'PDF et fichiers bureautiques.',
      max_image_megapixels: 'Les images plus grandes sont refusées avant d’être décodées.',
      webp_quality: 'La qualité des images et de leurs versions réduites, de 1 à 100.',
      max_image_dimension:
        'L’optimisation réduit les images à ce nombre de pixels sur leur plus grand côté ; 0 garde leur taille.',
      deduplicate:
        'Activé : un envoi dont les octets répètent un envoi antérieur renvoie ce média au lieu d’en garder une copie. Désactivé : chaque envoi est un nouveau média.',
      keep_originals:
        'Activé : le fichier envoyé est gardé à part, jamais montré sur le site, pour refaire ses versions réduites à partir de lui. Désactivé : seules les versions réduites sont gardées.',
      orphans: {
        action: 'Ce que fait la vérification quotidienne des médias utilisés nulle part sur le site.',
      },
      allow_private_sources:
        'Activé : les imports (photos libres, envois depuis une adresse) peuvent télécharger depuis le bouclage local et les adresses de réseaux privés. Désactivé : ces adresses sont refusées.',
      unsplash_access_key:
        'Pour la recherche de photos libres. Elle n’est plus jamais affichée une fois enregistrée.',
      pexels_api_key:
        'Pour la recherche de photos libres. Elle n’est plus jamais affichée une fois enregistrée.',
    },
    webhooks: {
      allow_private_targets:
        'Activé : les webhooks livrent aussi aux adresses de bouclage, privées et locales au lien (un récepteur d’intranet, des tests). Désactivé : ces adresses sont refusées.',
      retry_delays_seconds:
        'Après une tentative ratée, l’attente avant chaque tentative suivante ; une fois épuisées, la livraison échoue.',
      log_days: 'Les livraisons terminées sont supprimées après ce nombre de jours.',
    },
    plugins: {
      allow_private_addresses:
        'Activé : les extensions peuvent aussi appeler les adresses de bouclage, privées et locales au lien (un modèle de langage sur cette machine, des tests). Désactivé : ces adresses sont refusées.',
    },
    analytics: {
      enabled:
        'Activé : les pages vues sont comptées sur le serveur, sans cookie, script ni donnée personnelle. Désactivé : rien n’est enregistré.',
    },
    newsletter: {
      rate_per_minute:
        'Le plus grand nombre de messages de campagne remis au serveur de messagerie en une minute (votre fournisseur peut le limiter).',
      track_opens:
        'Activé : chaque message de campagne porte une image invisible qui compte qui l’ouvre. Désactivé : aucune ouverture n’est enregistrée.',
    },
    design: {
      font_body: 'Des polices présentes sur tous les appareils : rien n’est téléchargé.',
      type_scale: 'Chaque niveau de titre est ce nombre de fois plus grand que le précédent.',
      spacing: 'Un pas de l’échelle d’espacement.',
    },
  },
  option: {
    reading: { show_on_front: { posts: 'Les derniers articles', page: 'Une page' } },
    discussion: {
      moderation: {
        all: 'Tous les commentaires',
        unknown_authors: 'Les commentaires de personnes sans commentaire approuvé',
        none: 'Aucun commentaire',
      },
      comment_order: { oldest: 'Les plus anciens', newest: 'Les plus récents' },
    },
    media: {
      orphans: {
        action: { off: 'Rien', report: 'Les lister dans le journal', delete: 'Les supprimer' },
      },
    },
    design: {
      font: {
        system: 'Système (celle de l’appareil)',
        humanist: 'Sans empattement humaniste',
        geometric: 'Sans empattement géométrique',
        serif: 'Avec empattements',
        mono: 'Chasse fixe',
      },
      shadow: { none: 'Aucune', soft: 'Douces', strong: 'Marquées' },
    },
  },
  redirects: {
    from: 'Ancienne adresse',
    fromHelp: 'Un chemin de ce site, comme /ancienne-page.',
    to: 'Nouvelle adresse',
    toHelp: 'Un chemin de ce site ou une adresse http(s). Vide pour 410 Supprimée.',
    status: 'Type',
    statusOption: {
      '301': '301 – déplacée définitivement',
      '302': '302 – déplacée pour l’instant',
      '307': '307 – déplacée pour l’instant, même méthode',
      '308': '308 – déplacée définitivement, même méthode',
      '410': '410 – supprimée',
    },
    hits: 'Suivie',
    lastHit: 'Suivie pour la dernière fois le {{when}}',
    never: 'Jamais suivie',
    add: 'Ajouter la redirection',
    added: 'Redirection depuis {{from}} ajoutée.',
    newTitle: 'Nouvelle redirection',
    edit: 'Modifier',
    editLabel: 'Modifier : {{from}}',
    editTitle: 'Modifier la redirection depuis {{from}}',
    save: 'Enregistrer',
    cancel: 'Annuler',
    delete: 'Supprimer',
    deleteLabel: 'Supprimer : {{from}}',
    deleteTitle: 'Supprimer cette redirection ?',
    deleteConfirm:
      'Supprimer la redirection depuis {{from}} ? Les visiteurs de cette adresse recevront ce que le site y sert.',
    empty: 'Aucune redirection pour l’instant. Ajoutez-en une quand une page change d’adresse.',
    gone: 'Supprimée',
    actions: 'Actions',
  },
};
