import { type CoreMailEventDefinition, RECIPIENT_VARIABLES } from '../mail-event.js';

/**
 * The mails of site accounts (a site's registered visitors), in English and French. A button for
 * the link, the link again as text for mail clients that hide buttons.
 */

const LINK_EXAMPLE = 'https://quay.example/account/verify?token=sample';

export const accountVerify: CoreMailEventDefinition = {
  name: 'account.verify',
  description: 'A visitor registered an account: the link that confirms their address',
  variables: [
    ...RECIPIENT_VARIABLES,
    {
      name: 'link',
      type: 'url',
      description: 'Confirms the address; good for two days',
      example: LINK_EXAMPLE,
    },
  ],
  defaults: {
    en: {
      subject: 'Confirm your address for {{ site.name }}',
      html: `<p>Hello {{ recipient.name }},</p>
<p>You created an account on {{ site.name }}. Open this link within two days to confirm your address:</p>
<p class="action"><a class="button" href="{{ link }}">Confirm my address</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>If you did not ask for this, ignore this message.</p>`,
      text: `Hello {{ recipient.name }},

You created an account on {{ site.name }}. Open this link within two days to confirm your address:

{{ link }}

If you did not ask for this, ignore this message.
`,
    },
    fr: {
      subject: 'Confirmez votre adresse pour {{ site.name }}',
      html: `<p>Bonjour {{ recipient.name }},</p>
<p>Vous avez créé un compte sur {{ site.name }}. Ouvrez ce lien dans les deux jours pour confirmer votre adresse :</p>
<p class="action"><a class="button" href="{{ link }}">Confirmer mon adresse</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>Si vous n’avez rien demandé, ignorez ce message.</p>`,
      text: `Bonjour {{ recipient.name }},

Vous avez créé un compte sur {{ site.name }}. Ouvrez ce lien dans les deux jours pour confirmer votre adresse :

{{ link }}

Si vous n’avez rien demandé, ignorez ce message.
`,
    },
  },
};

export const accountExists: CoreMailEventDefinition = {
  name: 'account.exists',
  description:
    'Someone tried to register with an address that already has an account: its owner is told, and given the ways back in',
  variables: [
    ...RECIPIENT_VARIABLES,
    {
      name: 'sign_in_link',
      type: 'url',
      description: "The site's sign-in page",
      example: 'https://quay.example/account/sign-in',
    },
    {
      name: 'forgot_link',
      type: 'url',
      description: 'Where a forgotten password is reset',
      example: 'https://quay.example/account/forgot',
    },
  ],
  defaults: {
    en: {
      subject: 'Your account on {{ site.name }}',
      html: `<p>Hello {{ recipient.name }},</p>
<p>Someone tried to create an account on {{ site.name }} with this address, which already has one. Sign in here:</p>
<p class="action"><a class="button" href="{{ sign_in_link }}">Sign in</a></p>
<p class="fallback"><a href="{{ sign_in_link }}">{{ sign_in_link }}</a></p>
<p>Forgot your password? Choose a new one here: <a href="{{ forgot_link }}">{{ forgot_link }}</a></p>
<p>If you did not ask for this, ignore this message.</p>`,
      text: `Hello {{ recipient.name }},

Someone tried to create an account on {{ site.name }} with this address, which already has one. Sign in here:

{{ sign_in_link }}

Forgot your password? Choose a new one here:

{{ forgot_link }}

If you did not ask for this, ignore this message.
`,
    },
    fr: {
      subject: 'Votre compte sur {{ site.name }}',
      html: `<p>Bonjour {{ recipient.name }},</p>
<p>Quelqu’un a voulu créer un compte sur {{ site.name }} avec cette adresse, qui en a déjà un. Connectez-vous ici :</p>
<p class="action"><a class="button" href="{{ sign_in_link }}">Se connecter</a></p>
<p class="fallback"><a href="{{ sign_in_link }}">{{ sign_in_link }}</a></p>
<p>Mot de passe oublié ? Choisissez-en un nouveau ici : <a href="{{ forgot_link }}">{{ forgot_link }}</a></p>
<p>Si vous n’avez rien demandé, ignorez ce message.</p>`,
      text: `Bonjour {{ recipient.name }},

Quelqu’un a voulu créer un compte sur {{ site.name }} avec cette adresse, qui en a déjà un. Connectez-vous ici :

{{ sign_in_link }}

Mot de passe oublié ? Choisissez-en un nouveau ici :

{{ forgot_link }}

Si vous n’avez rien demandé, ignorez ce message.
`,
    },
  },
};

export const accountPasswordReset: CoreMailEventDefinition = {
  name: 'account.password_reset',
  description: 'A visitor forgot the password of their account: the link that sets a new one',
  variables: [
    ...RECIPIENT_VARIABLES,
    {
      name: 'link',
      type: 'url',
      description: 'Sets a new password; good for one hour, once',
      example: 'https://quay.example/account/reset?token=sample',
    },
  ],
  defaults: {
    en: {
      subject: 'Choose a new password for {{ site.name }}',
      html: `<p>Hello {{ recipient.name }},</p>
<p>Someone asked to reset the password of your account on {{ site.name }}. Open this link within one hour to choose a new one:</p>
<p class="action"><a class="button" href="{{ link }}">Choose a new password</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>The link works once. If you did not ask for this, ignore this message. Your password stays as it is.</p>`,
      text: `Hello {{ recipient.name }},

Someone asked to reset the password of your account on {{ site.name }}. Open this link within one hour to choose a new one:

{{ link }}

The link works once. If you did not ask for this, ignore this message. Your password stays as it is.
`,
    },
    fr: {
      subject: 'Choisissez un nouveau mot de passe pour {{ site.name }}',
      html: `<p>Bonjour {{ recipient.name }},</p>
<p>Quelqu’un a demandé à réinitialiser le mot de passe de votre compte sur {{ site.name }}. Ouvrez ce lien dans l’heure pour en choisir un nouveau :</p>
<p class="action"><a class="button" href="{{ link }}">Choisir un nouveau mot de passe</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>Le lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message. Votre mot de passe reste le même.</p>`,
      text: `Bonjour {{ recipient.name }},

Quelqu’un a demandé à réinitialiser le mot de passe de votre compte sur {{ site.name }}. Ouvrez ce lien dans l’heure pour en choisir un nouveau :

{{ link }}

Le lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message. Votre mot de passe reste le même.
`,
    },
  },
};

export const accountEmailChange: CoreMailEventDefinition = {
  name: 'account.email_change',
  description: 'A visitor asked to move their account to a new address: sent to that address, to confirm it',
  variables: [
    { name: 'recipient.name', type: 'string', description: 'Whom the mail greets', example: 'Ada Lovelace' },
    {
      name: 'recipient.email',
      type: 'email',
      description: 'The new address, which the mail goes to',
      example: 'ada@new.example.com',
    },
    {
      name: 'link',
      type: 'url',
      description: 'Confirms the new address; good for a day',
      example: 'https://quay.example/account/email?token=sample',
    },
  ],
  defaults: {
    en: {
      subject: 'Confirm your new address for {{ site.name }}',
      html: `<p>Hello {{ recipient.name }},</p>
<p>You asked to use this address for your account on {{ site.name }}. Open this link within a day to confirm it:</p>
<p class="action"><a class="button" href="{{ link }}">Confirm this address</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>If you did not ask for this, ignore this message.</p>`,
      text: `Hello {{ recipient.name }},

You asked to use this address for your account on {{ site.name }}. Open this link within a day to confirm it:

{{ link }}

If you did not ask for this, ignore this message.
`,
    },
    fr: {
      subject: 'Confirmez votre nouvelle adresse pour {{ site.name }}',
      html: `<p>Bonjour {{ recipient.name }},</p>
<p>Vous avez demandé à utiliser cette adresse pour votre compte sur {{ site.name }}. Ouvrez ce lien dans la journée pour la confirmer :</p>
<p class="action"><a class="button" href="{{ link }}">Confirmer cette adresse</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>Si vous n’avez rien demandé, ignorez ce message.</p>`,
      text: `Bonjour {{ recipient.name }},

Vous avez demandé à utiliser cette adresse pour votre compte sur {{ site.name }}. Ouvrez ce lien dans la journée pour la confirmer :

{{ link }}

Si vous n’avez rien demandé, ignorez ce message.
`,
    },
  },
};

export const accountEmailChanged: CoreMailEventDefinition = {
  name: 'account.email_changed',
  description: "An account's address was changed: its former address is told, in case it was not its owner",
  variables: [
    { name: 'recipient.name', type: 'string', description: 'Whom the mail greets', example: 'Ada Lovelace' },
    {
      name: 'recipient.email',
      type: 'email',
      description: 'The former address, which the mail goes to',
      example: 'ada@example.com',
    },
    {
      name: 'new_email',
      type: 'email',
      description: 'The address the account uses now',
      example: 'ada@new.example.com',
    },
  ],
  defaults: {
    en: {
      subject: 'Your email address on {{ site.name }} was changed',
      html: `<p>Hello {{ recipient.name }},</p>
<p>The email address of your account on {{ site.name }} is now {{ new_email }}. If you did not change it, write to the site's team.</p>`,
      text: `Hello {{ recipient.name }},

The email address of your account on {{ site.name }} is now {{ new_email }}. If you did not change it, write to the site's team.
`,
    },
    fr: {
      subject: 'Votre adresse e-mail sur {{ site.name }} a changé',
      html: `<p>Bonjour {{ recipient.name }},</p>
<p>L’adresse e-mail de votre compte sur {{ site.name }} est désormais {{ new_email }}. Si ce n’est pas vous qui l’avez changée, écrivez à l’équipe du site.</p>`,
      text: `Bonjour {{ recipient.name }},

L’adresse e-mail de votre compte sur {{ site.name }} est désormais {{ new_email }}. Si ce n’est pas vous qui l’avez changée, écrivez à l’équipe du site.
`,
    },
  },
};
