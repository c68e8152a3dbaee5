import type { en } from './identity.js';

/** The server's messages about signing in, users, roles, profiles, tokens and site accounts, in French. */
export const fr: typeof en = {
  auth: {
    bearer: 'L’en-tête Authorization doit être de la forme « Bearer <jeton> ».',
    badToken: 'Le jeton d’API est invalide, expiré ou révoqué.',
    accountGone: 'Ce compte n’existe plus.',
    suspended: 'Ce compte est suspendu.',
    csrf: 'Votre session a changé depuis l’ouverture de cette page : rechargez-la et recommencez.',
    twoFactorRequired:
      'Votre rôle exige la connexion en deux étapes : activez-la d’abord depuis votre profil.',
    permission: 'Il faut pour cela la permission {{permission}}.',
    throttled: 'Trop de tentatives de connexion échouées. Réessayez dans {{minutes}} min.',
    sessionOnly: 'Seule une session peut être déconnectée ; révoquez plutôt le jeton d’API.',
    credentials: 'L’adresse e-mail ou le mot de passe est incorrect.',
    notMember: 'Ce compte n’a pas accès à ce site.',
    resetLink: 'Ce lien de réinitialisation est invalide ou a expiré.',
    resetSent: 'Si ce compte existe, un lien de réinitialisation est en route.',
    passwordChanged: 'Votre mot de passe a été changé. Connectez-vous avec le nouveau.',
  },
  passwords: {
    common: 'Trop courant ; choisissez un mot de passe difficile à deviner.',
    notEmail: 'Ne doit pas être votre adresse e-mail.',
    repeated: 'Ne doit pas répéter un seul caractère.',
  },
  twoFactor: {
    incomplete: 'La connexion n’a pas pu aboutir.',
    expired: 'Cette connexion a expiré ou est inconnue ; connectez-vous à nouveau.',
    usedOrWrong: 'Le code est incorrect ou a déjà servi.',
    used: 'Ce code a déjà servi.',
    alreadyOnChange:
      'La connexion en deux étapes est déjà active ; désactivez-la d’abord pour changer d’appareil.',
    alreadyOn: 'La connexion en deux étapes est déjà active.',
    notSetUp: 'Commencez par configurer la connexion en deux étapes.',
    off: 'La connexion en deux étapes n’est pas active.',
  },
  profile: {
    tokenNeedsAccount:
      'Ce jeton d’API ne peut pas modifier votre compte : il lui faut la permission {{permission}}.',
    wideNeedsSession:
      'Un jeton valable pour toute l’installation ne se crée que depuis une session ouverte dans le navigateur.',
    ownTokens: 'Vous ne pouvez créer des jetons que pour vous-même.',
    suspendedTokens: 'Un utilisateur suspendu ne peut pas recevoir de nouveaux jetons.',
    wideSuperAdmin:
      'Seul un Super Admin peut créer un jeton valable pour toute l’installation, et pour lui-même.',
    blank: 'Ne doit pas être vide.',
    future: 'Doit être dans le futur.',
    outlivesParent: 'Ne doit pas être postérieure à l’expiration du jeton qui le crée ({{expiry}}).',
    unknownPermission: 'Permission inconnue.',
    notHeld: 'Vous ne détenez pas cette permission sur ce site.',
    noProfile: 'Le système n’a pas de profil propre.',
    currentPassword: 'Obligatoire pour changer votre adresse e-mail ou votre mot de passe.',
    incorrect: 'Incorrect.',
    userNotFound: 'Utilisateur introuvable.',
    tokenNotFound: 'Jeton d’API introuvable.',
  },
  roles: {
    notFound: 'Rôle introuvable.',
    locked: 'Le rôle Super Admin ne peut pas être modifié.',
    computed:
      'Les permissions du rôle {{role}} suivent le catalogue et ne peuvent pas être modifiées ; créez plutôt un rôle personnalisé.',
    unchangeable: 'Ne peut pas être changé sur ce rôle.',
    defaultRole: 'Les rôles par défaut ne peuvent pas être supprimés.',
    inUse: '{{count}} utilisateur(s) ont ce rôle : donnez-leur d’abord un autre rôle.',
    unknownPermission: 'Permission inconnue « {{permission}} ».',
    beyond:
      'Vous ne pouvez gérer que des rôles compris dans vos propres permissions ; il vous manque : {{permissions}}.',
    slug: 'Impossible de le tirer du nom : indiquez-en un fait de a-z, 0-9 et _.',
    slugTaken: 'Un rôle avec l’identifiant « {{slug}} » existe déjà.',
  },
  users: {
    roleGrantsMore: 'Le rôle « {{role}} » accorde des permissions que vous ne détenez pas : {{permissions}}.',
    outranks: 'Cet utilisateur détient des permissions que vous n’avez pas : {{permissions}}.',
    superAdminOnly: 'Seul un Super Admin peut modifier ou retirer un Super Admin.',
    makeSuperAdmin: 'Seul un Super Admin peut nommer quelqu’un Super Admin.',
    addElsewhere: 'Seul un Super Admin peut ajouter un utilisateur à un autre site.',
    lastSuperAdmin: 'Le dernier Super Admin actif ne peut pas être {{change}}.',
    lastAdmin: 'Le dernier Administrateur actif du site ne peut pas être {{change}}.',
    emailTaken: 'Un utilisateur avec cette adresse e-mail existe déjà.',
    validEmail: 'Doit être une adresse e-mail valide.',
    noRole: 'Il n’y a pas de rôle « {{role}} » sur ce site.',
    deleteSelf: 'Vous ne pouvez pas vous supprimer vous-même.',
    suspendSelf: 'Vous ne pouvez pas vous suspendre vous-même.',
    superAdminEverywhere:
      'Un Super Admin se nomme depuis la fiche de l’utilisateur ; les Super Admins appartiennent à tous les sites.',
    alreadyMember: 'Cet utilisateur appartient déjà au site : changez plutôt son rôle depuis sa fiche.',
    shared:
      'Ce compte appartient aussi à un site que vous n’administrez pas : seul un Super Admin, ou l’utilisateur depuis son profil, peut changer son nom, sa langue, son adresse e-mail, son mot de passe ou son état.',
    useProfile:
      'Changez votre propre adresse e-mail et votre mot de passe depuis votre profil, qui demande votre mot de passe actuel.',
    noSuchEmail: 'Aucun utilisateur n’a cette adresse e-mail.',
  },
  accounts: {
    alreadyAnonymised: 'Ce compte est déjà anonymisé.',
    anonymised: 'Ce compte est anonymisé : il ne peut plus qu’être supprimé.',
    alreadySuspended: 'Ce compte est déjà suspendu.',
    notSuspended: 'Ce compte n’est pas suspendu.',
    notFound: 'Compte introuvable.',
  },
};
