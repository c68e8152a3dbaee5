/**
 * What the plugin says to the people filling in a form, in English and French: their language is
 * the page's. Any other language gets the English.
 */

export interface Words {
  required: string;
  chooseOne: string;
  chooseAtLeastOne: string;
  consent: string;
  minLength(n: number): string;
  maxLength(n: number): string;
  number: string;
  min(n: number): string;
  max(n: number): string;
  date: string;
  minDate(date: string): string;
  maxDate(date: string): string;
  pattern: string;
  notOffered: string;
  onlyOne: string;
  email: string;
  phone: string;
  fileRequired: string;
  oneFile: string;
  mostFiles(n: number): string;
  fileTooLarge(name: string, megabytes: number): string;
  fileKind(name: string): string;
  /** The summary above a form sent back with faults. */
  problems: string;
  /** A fault in the summary, naming its field. */
  inField(label: string, message: string): string;
  requiredMark: string;
  choose: string;
  trap: string;
  /** Sent sooner after the page was shown than people fill forms in. */
  tooFast: string;
  /** More links than the form takes (0: none). */
  links(most: number): string;
  /** Past the form's budget for the address: try again in `minutes`. */
  rateLimited(minutes: number): string;
  /** A stale or broken token: the form comes back with a fresh one. */
  expired: string;
  /** Posted from a page of another site (or without saying where from). */
  origin: string;
  /** The success page of a form without a message of its own (one that redirects). */
  sent: string;
  /** The link onwards, on the success page of a form that redirects to another site. */
  continueTo: string;
  /** The page of a form that does not exist (any more). */
  notFoundTitle: string;
  notFound: string;
  /** The builder's canvas, for a form block without a form, or whose form was deleted. */
  chooseForm: string;
  formGone(id: number): string;
  /** The canvas's list of the site's forms, to pick one for the block. */
  formsOfSite: string;
  noForms: string;
}

const en: Words = {
  required: 'This field is required.',
  chooseOne: 'Choose an option.',
  chooseAtLeastOne: 'Choose at least one option.',
  consent: 'Tick this box to go on.',
  minLength: (n) => `At least ${n} characters.`,
  maxLength: (n) => `At most ${n} characters.`,
  number: 'Enter a number.',
  min: (n) => `At least ${n}.`,
  max: (n) => `At most ${n}.`,
  date: 'Enter a date.',
  minDate: (date) => `On ${date} or later.`,
  maxDate: (date) => `On ${date} or earlier.`,
  pattern: 'Use the format asked for.',
  notOffered: 'Choose among the options offered.',
  onlyOne: 'Choose only one option.',
  email: 'Enter an email address, such as name@example.com.',
  phone: 'Enter a phone number, such as +44 20 7946 0958.',
  fileRequired: 'Choose a file.',
  oneFile: 'Send only one file.',
  mostFiles: (n) => `Send at most ${n} files.`,
  fileTooLarge: (name, megabytes) => `${name} is larger than ${megabytes} MB.`,
  fileKind: (name) => `${name} is not a kind of file this form takes.`,
  problems: 'Please correct the following:',
  inField: (label, message) => `${label}: ${message}`,
  requiredMark: '(required)',
  choose: 'Choose…',
  trap: 'Leave this empty',
  tooFast: 'This form was sent too quickly after it was shown. Check it and send it again.',
  links: (most) =>
    most === 0 ? 'Links are not allowed here.' : `Too many links: at most ${most} in this form.`,
  rateLimited: (minutes) =>
    `Too many submissions from your address; try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  expired: 'This form expired; it has been reloaded, send it again.',
  origin: 'This form must be sent from a page of this site; it has been reloaded, send it again.',
  sent: 'Thank you: your message has been sent.',
  continueTo: 'Continue',
  notFoundTitle: 'Form not found',
  notFound: 'This form does not exist, or no longer does.',
  chooseForm: 'Form: choose the form to show, by its number, in this block’s settings.',
  formGone: (id) => `Form: form ${id} was deleted. Choose another in this block’s settings.`,
  formsOfSite: 'The site’s forms:',
  noForms: 'The site has no form yet: build one under Content, Forms.',
};

const fr: Words = {
  required: 'Ce champ est obligatoire.',
  chooseOne: 'Choisissez une option.',
  chooseAtLeastOne: 'Choisissez au moins une option.',
  consent: 'Cochez cette case pour continuer.',
  minLength: (n) => `Au moins ${n} caractères.`,
  maxLength: (n) => `Au plus ${n} caractères.`,
  number: 'Saisissez un nombre.',
  min: (n) => `Au moins ${n}.`,
  max: (n) => `Au plus ${n}.`,
  date: 'Saisissez une date.',
  minDate: (date) => `Le ${date} ou après.`,
  maxDate: (date) => `Le ${date} ou avant.`,
  pattern: 'Respectez le format demandé.',
  notOffered: 'Choisissez parmi les options proposées.',
  onlyOne: 'Choisissez une seule option.',
  email: 'Saisissez une adresse électronique, comme nom@exemple.fr.',
  phone: 'Saisissez un numéro de téléphone, comme +33 1 23 45 67 89.',
  fileRequired: 'Choisissez un fichier.',
  oneFile: 'Envoyez un seul fichier.',
  mostFiles: (n) => `Envoyez au plus ${n} fichiers.`,
  fileTooLarge: (name, megabytes) => `${name} dépasse ${megabytes} Mo.`,
  fileKind: (name) => `${name} n’est pas un type de fichier que ce formulaire accepte.`,
  problems: 'Veuillez corriger ce qui suit :',
  inField: (label, message) => `${label} : ${message}`,
  requiredMark: '(obligatoire)',
  choose: 'Choisissez…',
  trap: 'Laissez ce champ vide',
  tooFast: 'Ce formulaire a été envoyé trop vite après son affichage. Vérifiez-le et envoyez-le de nouveau.',
  links: (most) =>
    most === 0
      ? 'Les liens ne sont pas acceptés ici.'
      : `Trop de liens : au plus ${most} dans ce formulaire.`,
  rateLimited: (minutes) =>
    `Trop d’envois depuis votre adresse ; réessayez dans ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  expired: 'Ce formulaire a expiré ; il a été rechargé, envoyez-le de nouveau.',
  origin:
    'Ce formulaire doit être envoyé depuis une page de ce site ; il a été rechargé, envoyez-le de nouveau.',
  sent: 'Merci : votre message a bien été envoyé.',
  continueTo: 'Continuer',
  notFoundTitle: 'Formulaire introuvable',
  notFound: 'Ce formulaire n’existe pas, ou plus.',
  chooseForm:
    'Formulaire : choisissez le formulaire à afficher, par son numéro, dans les réglages de ce bloc.',
  formGone: (id) =>
    `Formulaire : le formulaire ${id} a été supprimé. Choisissez-en un autre dans les réglages de ce bloc.`,
  formsOfSite: 'Les formulaires du site :',
  noForms: 'Le site n’a pas encore de formulaire : créez-en un dans Contenu, Formulaires.',
};

/** The words for a page's language (`fr`, `fr-CA`...); English for any other. */
export function wordsFor(locale: string): Words {
  return locale === 'fr' || locale.startsWith('fr-') ? fr : en;
}

/** A yyyy-mm-dd date as people of the language write it (`1 March 2026`, `1 mars 2026`). */
export function spelledDate(date: string, locale: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  return new Intl.DateTimeFormat(wordsFor(locale) === fr ? 'fr' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(time);
}
