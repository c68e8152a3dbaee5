import type { en } from './content.js';

/** The server's messages about entries, fields, content types, taxonomies and imports, in French. */
export const fr: typeof en = {
  entries: {
    notFound: 'Entrée introuvable.',
    othersDrafts:
      'Les entrées non publiées des autres utilisateurs demandent la permission {{area}}.edit_others.',
    typeNotFound: 'Type de contenu {{type}} introuvable.',
    listFilterUnknown: 'Aucune extension active ne propose ici le filtre de liste {{key}}.',
    listFilterValue: 'Le filtre de liste {{key}} prend l’une de ces valeurs : {{values}}.',
    typeNotFoundShort: 'Type de contenu introuvable.',
    revisionNotFound: 'Révision introuvable.',
    termNotFound: 'Terme introuvable.',
    locales: 'Le site publie en {{locales}} ; pas en {{locale}}.',
    giveAway: 'Confier une entrée à quelqu’un d’autre demande la permission {{area}}.edit_others.',
    lockHeld:
      'L’utilisateur {{user}} modifie cette entrée (depuis {{since}}) ; le verrou expire à {{expires}}.',
    staleVersion:
      'Cette entrée a changé depuis la version {{version}} : elle en est à la version {{current}}. Rechargez-la et refaites votre modification.',
    currentVersion: 'La version actuelle est {{version}}.',
    changedWhileSaving:
      'Cette entrée a changé pendant votre enregistrement. Rechargez-la et refaites votre modification.',
    notTrashed: 'Cette entrée n’est pas dans la corbeille.',
    title: 'Un titre est obligatoire.',
    noBlocks: 'Les {{types}} ne se composent pas de blocs ; n’envoyez pas de blocs.',
    noParents: 'Les {{types}} n’ont pas de parent.',
    noParent: 'Il n’y a pas de {{type}} {{id}} sous lequel la placer.',
    parentLocale: 'Le parent est en {{parent}} ; cette entrée est en {{locale}}.',
    cycle: 'Une entrée ne peut pas être placée sous elle-même ni sous l’un de ses descendants.',
    notMember: 'L’utilisateur {{user}} n’est pas membre de ce site.',
    slugTaken: 'L’identifiant d’URL « {{slug}} » est déjà pris ici ; choisissez-en un autre.',
    noTaxonomy: 'Les {{types}} n’ont pas de taxonomie {{taxonomy}}.',
    noTerm: 'Il n’y a pas de terme {{id}} dans {{taxonomy}}.',
    noRelated: 'Il n’y a pas d’entrée {{id}} de type {{type}}.',
    searchType: 'Cherchez des pages, des articles, ou un type de contenu qui a des archives.',
    siteOwn: '/{{slug}} est une adresse propre du site ; choisissez un autre identifiant.',
    pluginPrefix:
      '/{{prefix}} est l’emplacement des pages de l’extension {{plugin}} ; choisissez un autre identifiant.',
  },
  fields: {
    noField: 'Il n’y avait pas de champ {{key}}.',
    noNewField: 'Les nouveaux champs n’ont pas de {{key}}.',
    stillAField: '{{key}} est toujours un champ : il ne peut pas aussi être renommé.',
    renameType: 'Un renommage garde le type ({{from}} vers {{to}}).',
    renames: 'Les renommages ne correspondent pas aux champs.',
    dropValues: 'Des entrées ont des valeurs pour {{key}} ; le retirer les supprime.',
    retypeValues: 'Des entrées ont des valeurs {{type}} pour {{key}} ; le passer en {{next}} les supprime.',
    dataLoss:
      'Ce changement supprime les valeurs enregistrées de {{keys}}. Confirmez la perte de données pour continuer.',
  },
  types: {
    exists: 'Un type de contenu nommé {{slug}} existe déjà.',
    slugTaken: 'Cet identifiant est déjà pris.',
    reserved: '« {{slug}} » est réservé ; choisissez un autre identifiant.',
    keepsHierarchical: 'Le type intégré {{slug}} garde son réglage hiérarchique.',
    keepsBuilder: 'Le type intégré {{slug}} garde son réglage de mise en page par blocs.',
    keeps: 'Le type intégré {{slug}} garde son réglage {{setting}}.',
    builtin: 'Le type intégré {{slug}} ne peut pas être supprimé.',
    inUse:
      'Le type {{slug}} a {{count}} entrées ; le supprimer les supprime aussi. Confirmez la perte de données pour continuer.',
    noTaxonomy: 'Il n’y a pas de taxonomie {{taxonomy}}.',
    routeSlash: 'Un modèle d’adresse commence par /.',
    routePlaceholder:
      '{{placeholder}} n’est pas un emplacement ; utilisez {slug}, {path}, {id}, {yyyy}, {mm} ou {dd}.',
    routeTwice: '{{placeholder}} apparaît deux fois.',
    routeSegment:
      '« {{segment}} » n’est pas un segment valide : utilisez des minuscules, des chiffres, - et _, ou un seul emplacement.',
    routeNames: 'Un modèle d’adresse nomme l’entrée : il lui faut {slug}, {path} ou {id}.',
    routePath: '{path} est réservé aux types hiérarchiques ; utilisez {slug}.',
    routeBoth: 'Utilisez {path} ou {slug}, pas les deux.',
    pluginSlug: '« {{slug}} » est le type de l’extension {{plugin}} ; choisissez un autre identifiant.',
    owned: 'Le type {{slug}} appartient à l’extension {{plugin}}, qui seule le modifie.',
    taken: '{{plugin}} définit le type de contenu {{slugs}}, que ce site a déjà en propre.',
    pluginTaxonomy: 'Les extensions peuvent utiliser les taxonomies de tous les sites, pas {{taxonomy}}.',
    pluginPages:
      'Les pages de {{plugin}} sont sous /{{prefix}}, où ce site a des entrées ({{entries}}) : déplacez-les d’abord.',
  },
  taxonomies: {
    notFound: 'Taxonomie {{slug}} introuvable.',
    exists: 'Une taxonomie nommée {{slug}} existe déjà.',
    keepsStructure: 'La taxonomie intégrée {{slug}} garde sa structure.',
    termsHaveParents: 'Des termes de {{slug}} ont un parent : remontez-les d’abord au premier niveau.',
    builtin: 'La taxonomie intégrée {{slug}} ne peut pas être supprimée.',
    inUse: '{{types}} utilisent la taxonomie {{slug}} : détachez-la d’abord de ces types.',
    defaultSlug: 'La catégorie par défaut garde son identifiant « {{slug}} » ; changez plutôt son nom.',
    defaultCategory: 'La catégorie par défaut ne peut pas être supprimée.',
    defaultCategoryName: 'Non classé',
    flat: 'Les {{taxonomies}} sont à plat : pas de parent possible.',
    noParent: 'Il n’y a pas de {{taxonomy}} {{id}}.',
    cycle: 'Un terme ne peut pas être placé sous lui-même ni sous l’un de ses descendants.',
    slugTaken: 'L’identifiant « {{slug}} » est déjà pris dans {{taxonomies}}.',
  },
  workflow: {
    notPossibleNow:
      '« {{transition}} » n’est pas possible depuis l’état {{status}} ; possible maintenant : {{open}}.',
    notPossible: '« {{transition}} » n’est pas possible depuis l’état {{status}}.',
    allowed: 'Permis : {{open}}.',
    permission: '« {{transition}} » demande la permission {{permission}} sur cette entrée.',
    when: 'Indiquez quand publier : la date de publication est obligatoire.',
    future: 'La date de publication doit être dans le futur.',
  },
  locks: {
    held: 'L’utilisateur {{user}} détient le verrou d’édition depuis {{since}} (jusqu’à {{expires}}).',
    takeOver: 'Reprendre le verrou demande la permission {{area}}.edit_others.',
    release: 'L’utilisateur {{user}} détient le verrou d’édition ; lui seul peut le libérer.',
  },
  translations: {
    exists: 'L’entrée {{id}} est déjà la traduction en {{locale}}.',
    translates: 'L’entrée {{id}} la traduit déjà en {{locale}}.',
    changed: 'La traduction {{id}} a changé pendant l’enregistrement des champs partagés. Réessayez.',
  },
  imports: {
    notExport: 'Ce n’est pas un export de contenu Tessera (format « {{format}} »).',
    version: 'Cet export est en version {{version}} ; ce Tessera lit la version {{supported}}.',
    malformed: 'Le fichier d’export est mal formé.',
    otherFields: 'Le site a un type {{type}} dont les champs diffèrent de ceux du fichier.',
    noTaxonomy: 'Pas de taxonomie {{taxonomy}} dans le fichier.',
    noTerm: 'Pas de terme {{ref}} de {{taxonomy}} dans le fichier.',
    sharedRef: 'Deux entrées partagent la même référence.',
    noType: 'Pas de type de contenu {{type}} dans le fichier ni sur le site.',
    locale: 'Le site ne publie pas en {{locale}} ; activez d’abord cette langue.',
    noEntry: 'Pas d’entrée {{ref}} dans le fichier.',
    doesNotFit: 'Le fichier d’export ne convient pas à ce site ; rien n’a été importé.',
    termCycle: 'Les termes du fichier forment un cycle.',
    entryCycle: 'Les entrées du fichier forment un cycle de parents.',
    notEmpty: 'Ce site a déjà du contenu : importez dans un site sans entrées.',
  },
  canvas: {
    several: 'Nommez une seule chose à afficher dans le canevas, pas plusieurs.',
    none: 'Nommez ce que le canevas affiche : entry_id, pattern_id ou section.',
    lists:
      'Un canevas affiche au plus {{limit}} blocs de liste (derniers articles, listes de contenus) ; celui-ci en a {{count}}.',
    entries:
      'Les blocs de liste d’un canevas affichent au plus {{limit}} entrées en tout ; ceux-ci en demandent {{count}}.',
  },
};
