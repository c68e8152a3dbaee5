/** The words of the comment thread and form, in each of the default theme's languages. */
export interface DiscussionStrings {
  /** `3 comments`, for the thread's heading and the lists of posts. */
  count: (n: number) => string;
  heading: string;
  pages: string;
  older: string;
  newer: string;
  closed: string;
  leave: string;
  reply: string;
  replyTo: (author: string) => string;
  cancelReply: string;
  /** Marks a reply written from the admin by the site's people. */
  team: string;
  awaiting: string;
  /** The name of a comment given without one (require_name_email off). */
  anonymous: string;
  name: string;
  email: string;
  emailNote: string;
  website: string;
  comment: string;
  submit: string;
  /** The label of the hidden field only robots fill in. */
  leaveEmpty: string;
  errorsTitle: string;
  required: (label: string) => string;
  tooLong: (label: string, max: number) => string;
  badEmail: string;
  badWebsite: string;
  tooFast: string;
  expired: string;
  refused: string;
  blocked: string;
  noReply: string;
  tooMany: (minutes: number) => string;
}

export const ENGLISH_DISCUSSION: DiscussionStrings = {
  count: (n) => (n === 0 ? 'No comments' : n === 1 ? '1 comment' : `${n} comments`),
  heading: 'Comments',
  pages: 'Comment pages',
  older: 'Older comments',
  newer: 'Newer comments',
  closed: 'Comments are closed.',
  leave: 'Leave a comment',
  reply: 'Reply',
  replyTo: (author) => `Reply to ${author}`,
  cancelReply: 'Cancel reply',
  team: 'Site team',
  awaiting: 'Your comment is awaiting moderation. Only you can see it until it is approved.',
  anonymous: 'Anonymous',
  name: 'Name',
  email: 'Email',
  emailNote: 'Your email address will not be published.',
  website: 'Website',
  comment: 'Comment',
  submit: 'Post comment',
  leaveEmpty: 'Leave this empty',
  errorsTitle: 'Your comment was not posted:',
  required: (label) => `${label}: this field is required.`,
  tooLong: (label, max) => `${label}: at most ${max} characters.`,
  badEmail: 'Email: enter an address such as name@example.com.',
  badWebsite: 'Website: enter an address starting with http:// or https://.',
  tooFast: 'Sent too quickly after the page loaded: wait a few seconds and send it again.',
  expired: 'This form is too old: send your comment again from this page.',
  refused: 'This comment could not be accepted.',
  blocked: 'This site does not accept this comment.',
  noReply: 'The comment you answered takes no more replies: reply higher up in the thread.',
  tooMany: (minutes) => `Too many comments from your address: try again in ${minutes} min.`,
};

export const FRENCH_DISCUSSION: DiscussionStrings = {
  count: (n) => (n === 0 ? 'Aucun commentaire' : n === 1 ? '1 commentaire' : `${n} commentaires`),
  heading: 'Commentaires',
  pages: 'Pages de commentaires',
  older: 'Commentaires plus anciens',
  newer: 'Commentaires plus récents',
  closed: 'Les commentaires sont fermés.',
  leave: 'Laisser un commentaire',
  reply: 'Répondre',
  replyTo: (author) => `Répondre à ${author}`,
  cancelReply: 'Annuler la réponse',
  team: 'Équipe du site',
  awaiting: 'Votre commentaire est en attente de modération. Vous seul le voyez jusqu’à son approbation.',
  anonymous: 'Anonyme',
  name: 'Nom',
  email: 'E-mail',
  emailNote: 'Votre adresse e-mail ne sera pas publiée.',
  website: 'Site web',
  comment: 'Commentaire',
  submit: 'Publier le commentaire',
  leaveEmpty: 'Laissez ce champ vide',
  errorsTitle: 'Votre commentaire n’a pas été publié :',
  required: (label) => `${label} : ce champ est obligatoire.`,
  tooLong: (label, max) => `${label} : ${max} caractères au plus.`,
  badEmail: 'E-mail : saisissez une adresse comme nom@exemple.fr.',
  badWebsite: 'Site web : saisissez une adresse commençant par http:// ou https://.',
  tooFast: 'Envoyé trop vite après l’affichage de la page : attendez quelques secondes et renvoyez-le.',
  expired: 'Ce formulaire est trop ancien : renvoyez votre commentaire depuis cette page.',
  refused: 'Ce commentaire n’a pas pu être accepté.',
  blocked: 'Ce site n’accepte pas ce commentaire.',
  noReply:
    'Le commentaire auquel vous répondez n’accepte plus de réponses : répondez plus haut dans la discussion.',
  tooMany: (minutes) => `Trop de commentaires depuis votre adresse : réessayez dans ${minutes} min.`,
};
