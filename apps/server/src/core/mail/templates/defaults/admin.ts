import { type CoreMailEventDefinition, type MailVariable, RECIPIENT_VARIABLES } from '../mail-event.js';

/** The mails the admin's own people get: their password reset, and notices of comments on their entries. */

export const userPasswordReset: CoreMailEventDefinition = {
  name: 'user.password_reset',
  description: 'A user of the admin forgot their password: the link that sets a new one',
  variables: [
    ...RECIPIENT_VARIABLES,
    {
      name: 'link',
      type: 'url',
      description: 'Sets a new password in the admin; good for one hour, once',
      example: 'https://quay.example/admin/reset-password?token=sample',
    },
  ],
  defaults: {
    en: {
      subject: 'Reset your password for {{ site.name }}',
      html: `<p>Hello {{ recipient.name }},</p>
<p>Someone asked to reset the password of your account on {{ site.name }}. Open this link within one hour to choose a new password:</p>
<p class="action"><a class="button" href="{{ link }}">Choose a new password</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>The link works once. If you did not ask for this, ignore this message: your password stays as it is.</p>`,
      text: `Hello {{ recipient.name }},

Someone asked to reset the password of your account on {{ site.name }}.
Open this link within one hour to choose a new password:

{{ link }}

The link works once. If you did not ask for this, ignore this message: your password stays as it is.
`,
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe pour {{ site.name }}',
      html: `<p>Bonjour {{ recipient.name }},</p>
<p>Quelqu’un a demandé à réinitialiser le mot de passe de votre compte sur {{ site.name }}. Ouvrez ce lien dans l’heure pour choisir un nouveau mot de passe :</p>
<p class="action"><a class="button" href="{{ link }}">Choisir un nouveau mot de passe</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>Le lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même.</p>`,
      text: `Bonjour {{ recipient.name }},

Quelqu’un a demandé à réinitialiser le mot de passe de votre compte sur {{ site.name }}.
Ouvrez ce lien dans l’heure pour choisir un nouveau mot de passe :

{{ link }}

Le lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même.
`,
    },
  },
};

const COMMENT_VARIABLES: readonly MailVariable[] = [
  {
    name: 'recipient.name',
    type: 'string',
    description: "The entry's author, whom the mail greets",
    example: 'Ada Lovelace',
  },
  { name: 'recipient.email', type: 'email', description: "The author's address", example: 'ada@example.com' },
  { name: 'entry.title', type: 'string', description: 'The entry commented on', example: 'Open studio days' },
  {
    name: 'entry.url',
    type: 'url',
    description: "The entry's public address",
    example: 'https://quay.example/open-studio-days',
  },
  {
    name: 'comment.author_name',
    type: 'string',
    description: 'The name the commenter gave',
    example: 'Grace Hopper',
  },
  {
    name: 'comment.body',
    type: 'string',
    description: 'The comment as written, plain text with its line breaks',
    example: 'Lovely photos!\nIs the studio open on Sundays too?',
  },
  {
    name: 'link',
    type: 'url',
    description: 'Where the comment is moderated in the admin',
    example: 'https://quay.example/admin/comments/42',
  },
];

/** The body of a comment as HTML: escaped first, then its line breaks kept. */
const COMMENT_HTML = '{{ comment.body | escape | newline_to_br | raw }}';

export const commentAwaitingModeration: CoreMailEventDefinition = {
  name: 'comment.awaiting_moderation',
  description: "A comment on one of the author's entries waits for approval (when the site notifies authors)",
  variables: COMMENT_VARIABLES,
  defaults: {
    en: {
      subject: 'New comment on “{{ entry.title }}”',
      html: `<p>Hello {{ recipient.name }},</p>
<p>{{ comment.author_name }} commented on <a href="{{ entry.url }}">“{{ entry.title }}”</a>:</p>
<blockquote>${COMMENT_HTML}</blockquote>
<p>It waits for approval.</p>
<p class="action"><a class="button" href="{{ link }}">Moderate it</a></p>`,
      text: `Hello {{ recipient.name }},

{{ comment.author_name }} commented on “{{ entry.title }}” ({{ entry.url }}):

{{ comment.body }}

It waits for approval. Moderate it: {{ link }}
`,
    },
    fr: {
      subject: 'Nouveau commentaire sur « {{ entry.title }} »',
      html: `<p>Bonjour {{ recipient.name }},</p>
<p>{{ comment.author_name }} a commenté <a href="{{ entry.url }}">« {{ entry.title }} »</a> :</p>
<blockquote>${COMMENT_HTML}</blockquote>
<p>Il attend votre approbation.</p>
<p class="action"><a class="button" href="{{ link }}">Le modérer</a></p>`,
      text: `Bonjour {{ recipient.name }},

{{ comment.author_name }} a commenté « {{ entry.title }} » ({{ entry.url }}) :

{{ comment.body }}

Il attend votre approbation. Modérez-le : {{ link }}
`,
    },
  },
};

export const commentPublished: CoreMailEventDefinition = {
  name: 'comment.published',
  description:
    "A comment on one of the author's entries was published at once (when the site notifies authors)",
  variables: COMMENT_VARIABLES,
  defaults: {
    en: {
      subject: 'New comment on “{{ entry.title }}”',
      html: `<p>Hello {{ recipient.name }},</p>
<p>{{ comment.author_name }} commented on <a href="{{ entry.url }}">“{{ entry.title }}”</a>:</p>
<blockquote>${COMMENT_HTML}</blockquote>
<p>It is published.</p>
<p class="action"><a class="button" href="{{ link }}">Moderate it</a></p>`,
      text: `Hello {{ recipient.name }},

{{ comment.author_name }} commented on “{{ entry.title }}” ({{ entry.url }}):

{{ comment.body }}

It is published. Moderate it: {{ link }}
`,
    },
    fr: {
      subject: 'Nouveau commentaire sur « {{ entry.title }} »',
      html: `<p>Bonjour {{ recipient.name }},</p>
<p>{{ comment.author_name }} a commenté <a href="{{ entry.url }}">« {{ entry.title }} »</a> :</p>
<blockquote>${COMMENT_HTML}</blockquote>
<p>Il est publié.</p>
<p class="action"><a class="button" href="{{ link }}">Le modérer</a></p>`,
      text: `Bonjour {{ recipient.name }},

{{ comment.author_name }} a commenté « {{ entry.title }} » ({{ entry.url }}) :

{{ comment.body }}

Il est publié. Modérez-le : {{ link }}
`,
    },
  },
};
