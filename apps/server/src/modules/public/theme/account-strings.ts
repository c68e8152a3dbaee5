/**
 * The words of the site accounts' pages (modules/accounts), in each of the default theme's
 * languages: what a visitor reads when they register, sign in, reset a password or change their
 * profile. The mails those send are email templates (`account.verify`...).
 */
export interface AccountStrings {
  registerTitle: string;
  signInTitle: string;
  forgotTitle: string;
  resetTitle: string;
  profileTitle: string;
  verifyTitle: string;
  emailConfirmTitle: string;
  refusedTitle: string;
  name: string;
  email: string;
  password: string;
  newPassword: string;
  currentPassword: string;
  newEmail: string;
  passwordHelp: (min: number) => string;
  createAccount: string;
  signIn: string;
  sendLink: string;
  setPassword: string;
  saveName: string;
  changeEmail: string;
  changePassword: string;
  signOut: string;
  signOutEverywhere: string;
  signOutEverywhereHelp: string;
  noAccount: string;
  haveAccount: string;
  forgotLink: string;
  backToSignIn: string;
  forgotHelp: string;
  signedInAs: (email: string) => string;
  /** The notice a page shows after a form sent the visitor back to it (`?done=`). */
  done: {
    registered: string;
    verified: string;
    linkSent: string;
    passwordReset: string;
    signedOut: string;
    signedOutEverywhere: string;
    nameSaved: string;
    emailSent: string;
    emailChanged: string;
    passwordChanged: string;
  };
  errorsTitle: string;
  faults: {
    required: (label: string) => string;
    tooLong: (label: string, max: number) => string;
    badEmail: string;
    passwordShort: (min: number) => string;
    passwordLong: (max: number) => string;
    passwordCommon: string;
    passwordIsEmail: string;
    passwordRepeated: string;
    credentials: string;
    unverified: string;
    suspended: string;
    currentPassword: string;
    emailTaken: string;
    sameEmail: string;
    tooMany: (minutes: number) => string;
    linkInvalid: string;
  };
  /** A post the form guard refused (core/visitors/form-guard.ts): from elsewhere, or an old page. */
  refusedOrigin: string;
  refusedToken: string;
  goBack: string;
}

export const ENGLISH_ACCOUNT: AccountStrings = {
  registerTitle: 'Create an account',
  signInTitle: 'Sign in',
  forgotTitle: 'Forgot your password?',
  resetTitle: 'Choose a new password',
  profileTitle: 'Your account',
  verifyTitle: 'Confirm your address',
  emailConfirmTitle: 'Confirm your new address',
  refusedTitle: 'The form was not sent',
  name: 'Name',
  email: 'Email address',
  password: 'Password',
  newPassword: 'New password',
  currentPassword: 'Current password',
  newEmail: 'New email address',
  passwordHelp: (min) => `At least ${min} characters.`,
  createAccount: 'Create my account',
  signIn: 'Sign in',
  sendLink: 'Send me a link',
  setPassword: 'Set my new password',
  saveName: 'Save my name',
  changeEmail: 'Change my email address',
  changePassword: 'Change my password',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out on every device',
  signOutEverywhereHelp: 'Ends every session of your account, on this device and all others.',
  noAccount: 'No account yet? Create one',
  haveAccount: 'Already have an account? Sign in',
  forgotLink: 'Forgot your password?',
  backToSignIn: 'Back to sign in',
  forgotHelp: 'Give the address of your account: we will send it a link to choose a new password.',
  signedInAs: (email) => `Signed in as ${email}.`,
  done: {
    registered: 'Check your inbox: we sent you a link to confirm your address.',
    verified: 'Your address is confirmed. You can sign in.',
    linkSent: 'If an account uses this address, a link to choose a new password is on its way.',
    passwordReset: 'Your password is changed. Sign in with the new one.',
    signedOut: 'You are signed out.',
    signedOutEverywhere: 'You are signed out on every device.',
    nameSaved: 'Your name is saved.',
    emailSent: 'Check the inbox of your new address: open the link we sent to confirm it.',
    emailChanged: 'Your email address is changed.',
    passwordChanged: 'Your password is changed; your other devices are signed out.',
  },
  errorsTitle: 'Please correct the following:',
  faults: {
    required: (label) => `${label}: this field is required.`,
    tooLong: (label, max) => `${label}: at most ${max} characters.`,
    badEmail: 'Enter an email address such as name@example.com.',
    passwordShort: (min) => `The password must have at least ${min} characters.`,
    passwordLong: (max) => `The password must have at most ${max} characters.`,
    passwordCommon: 'This password is too common: choose one that is hard to guess.',
    passwordIsEmail: 'The password must not be your email address.',
    passwordRepeated: 'The password must not repeat one character.',
    credentials: 'The email address or password is incorrect.',
    unverified: 'Confirm your email address first: we sent you a new link.',
    suspended: 'This account is suspended.',
    currentPassword: 'Your current password is incorrect.',
    emailTaken: 'Another account uses this address.',
    sameEmail: 'This is already your address.',
    tooMany: (minutes) => `Too many attempts: try again in ${minutes} min.`,
    linkInvalid: 'This link is not valid: it was already used, or has expired.',
  },
  refusedOrigin: 'It did not come from a page of this site.',
  refusedToken:
    'The page it came from is too old, or was altered. Go back, reload the page and send it again.',
  goBack: 'Back to the home page',
};

export const FRENCH_ACCOUNT: AccountStrings = {
  registerTitle: 'Créer un compte',
  signInTitle: 'Se connecter',
  forgotTitle: 'Mot de passe oublié ?',
  resetTitle: 'Choisir un nouveau mot de passe',
  profileTitle: 'Votre compte',
  verifyTitle: 'Confirmer votre adresse',
  emailConfirmTitle: 'Confirmer votre nouvelle adresse',
  refusedTitle: 'Le formulaire n’a pas été envoyé',
  name: 'Nom',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  newPassword: 'Nouveau mot de passe',
  currentPassword: 'Mot de passe actuel',
  newEmail: 'Nouvelle adresse e-mail',
  passwordHelp: (min) => `Au moins ${min} caractères.`,
  createAccount: 'Créer mon compte',
  signIn: 'Se connecter',
  sendLink: 'M’envoyer un lien',
  setPassword: 'Enregistrer mon nouveau mot de passe',
  saveName: 'Enregistrer mon nom',
  changeEmail: 'Changer mon adresse e-mail',
  changePassword: 'Changer mon mot de passe',
  signOut: 'Se déconnecter',
  signOutEverywhere: 'Se déconnecter sur tous les appareils',
  signOutEverywhereHelp:
    'Met fin à toutes les sessions de votre compte, sur cet appareil et tous les autres.',
  noAccount: 'Pas encore de compte ? Créez-en un',
  haveAccount: 'Déjà un compte ? Connectez-vous',
  forgotLink: 'Mot de passe oublié ?',
  backToSignIn: 'Retour à la connexion',
  forgotHelp:
    'Indiquez l’adresse de votre compte : nous lui enverrons un lien pour choisir un nouveau mot de passe.',
  signedInAs: (email) => `Connecté en tant que ${email}.`,
  done: {
    registered:
      'Consultez votre boîte de réception : nous vous avons envoyé un lien pour confirmer votre adresse.',
    verified: 'Votre adresse est confirmée. Vous pouvez vous connecter.',
    linkSent:
      'Si un compte utilise cette adresse, un lien pour choisir un nouveau mot de passe est en route.',
    passwordReset: 'Votre mot de passe est changé. Connectez-vous avec le nouveau.',
    signedOut: 'Vous êtes déconnecté.',
    signedOutEverywhere: 'Vous êtes déconnecté sur tous les appareils.',
    nameSaved: 'Votre nom est enregistré.',
    emailSent:
      'Consultez la boîte de réception de votre nouvelle adresse : ouvrez le lien envoyé pour la confirmer.',
    emailChanged: 'Votre adresse e-mail est changée.',
    passwordChanged: 'Votre mot de passe est changé ; vos autres appareils sont déconnectés.',
  },
  errorsTitle: 'Veuillez corriger ce qui suit :',
  faults: {
    required: (label) => `${label} : ce champ est obligatoire.`,
    tooLong: (label, max) => `${label} : ${max} caractères au plus.`,
    badEmail: 'Saisissez une adresse e-mail comme nom@exemple.fr.',
    passwordShort: (min) => `Le mot de passe doit comporter au moins ${min} caractères.`,
    passwordLong: (max) => `Le mot de passe doit comporter au plus ${max} caractères.`,
    passwordCommon: 'Ce mot de passe est trop courant : choisissez-en un difficile à deviner.',
    passwordIsEmail: 'Le mot de passe ne doit pas être votre adresse e-mail.',
    passwordRepeated: 'Le mot de passe ne doit pas répéter un seul caractère.',
    credentials: 'L’adresse e-mail ou le mot de passe est incorrect.',
    unverified: 'Confirmez d’abord votre adresse e-mail : nous vous avons envoyé un nouveau lien.',
    suspended: 'Ce compte est suspendu.',
    currentPassword: 'Votre mot de passe actuel est incorrect.',
    emailTaken: 'Un autre compte utilise cette adresse.',
    sameEmail: 'C’est déjà votre adresse.',
    tooMany: (minutes) => `Trop de tentatives : réessayez dans ${minutes} min.`,
    linkInvalid: 'Ce lien n’est pas valide : il a déjà servi, ou il a expiré.',
  },
  refusedOrigin: 'Il ne venait pas d’une page de ce site.',
  refusedToken:
    'La page d’où il vient est trop ancienne, ou a été modifiée. Revenez en arrière, rechargez la page et envoyez-le de nouveau.',
  goBack: 'Retour à l’accueil',
};
