import type { en } from './subscribers.js';

/** The server's messages about newsletter subscribers, in French. */
export const fr: typeof en = {
  lists: {
    notFound: 'Liste {{id}} introuvable.',
    taken: 'Une liste nommée {{name}} existe déjà.',
    unknown: 'Il n’y a pas de liste {{id}}.',
  },
  subscribers: {
    notFound: 'Abonné {{id}} introuvable.',
    email: 'Saisissez une adresse e-mail telle que nom@exemple.com.',
    taken: '{{email}} est déjà abonné.',
  },
  imports: {
    notFound: 'Import {{id}} introuvable.',
    multipart: 'Envoyez l’import en multipart/form-data, le CSV dans une partie nommée file.',
    status: 'Doit être subscribed ou pending.',
    unknownField: 'Champ inconnu : envoyez file, mapping, lists ou status.',
    notText: 'Le fichier doit être du texte CSV.',
    noMapping: 'Indiquez quelle colonne contient l’e-mail.',
    mapping: 'Doit être un objet JSON tel que {"email": "Email", "name": "Nom"}.',
    emailColumn: 'Nommez la colonne qui contient l’e-mail.',
    header: 'Doit être l’en-tête d’une colonne du fichier.',
    mappingField: 'Champ inconnu : associez email, name et language.',
    lists: 'Doit être un tableau JSON d’identifiants de listes, tel que [1, 2].',
  },
  problems: {
    tooLong: 'La ligne est trop longue.',
    notCsv: 'La ligne n’est pas du CSV valide.',
    empty: 'Le fichier est vide.',
    noColumn: 'Le fichier n’a pas de colonne {{name}}.',
    noEmail: 'L’e-mail est vide.',
    notEmail: '{{value}} n’est pas une adresse e-mail.',
  },
  pages: {
    confirmedTitle: 'Abonnement confirmé',
    confirmed: 'Merci : {{email}} est abonné à la lettre d’information de {{site}}.',
    manageLink: 'Choisir vos listes ou vous désabonner',
    linkInvalidTitle: 'Ce lien ne fonctionne plus',
    linkInvalid:
      'Le lien a expiré, ou l’abonnement qu’il confirme a changé depuis. Abonnez-vous à nouveau depuis le site pour recevoir un nouveau lien.',
    manageTitle: 'Votre abonnement à la lettre d’information',
    address: 'Adresse abonnée : {{email}}',
    lists: 'Les listes que vous recevez',
    save: 'Enregistrer mon choix',
    leaveTitle: 'Arrêter la lettre d’information',
    leaveHelp: 'Vous ne recevrez plus de lettre d’information de {{site}}.',
    leave: 'Me désabonner',
    comeBack: 'Me réabonner',
    pending: 'Votre abonnement n’est pas encore confirmé : ouvrez le lien que nous vous avons envoyé.',
    unsubscribed: 'Vous êtes désabonné : plus aucune lettre d’information ne vous est envoyée.',
    saved: 'Votre choix est enregistré.',
    resubscribed: 'Bon retour : vous êtes de nouveau abonné.',
    home: 'Retour au site',
    tooMany: 'Trop de tentatives depuis votre adresse : réessayez dans {{minutes}} min.',
  },
};
