import type { CoreMailEventDefinition } from '../mail-event.js';

/** Mails caused by the public site's forms: a contact form's message, a newsletter sign-up. */

/** Each field as a paragraph: its label, then its value escaped with its line breaks kept. */
const FIELDS_HTML = `{% for field in form.fields %}<p><strong>{{ field.label }}</strong><br>{{ field.value | default: "—" | escape | newline_to_br | raw }}</p>
{% endfor %}`;

const FIELDS_TEXT = `{% for field in form.fields %}
{{ field.label }}:
{{ field.value | default: "—" }}
{% endfor %}`;

export const formSubmission: CoreMailEventDefinition = {
  name: 'form.submission',
  description:
    "A visitor sent a contact form: its fields, to the form's recipient or the site's administrators",
  variables: [
    {
      name: 'recipient.email',
      type: 'email',
      description: 'The address the mail goes to',
      example: 'team@quay.example',
    },
    {
      name: 'form.subject',
      type: 'string',
      description: 'The subject set on the form block',
      example: 'Contact from the site',
    },
    {
      name: 'form.page',
      type: 'url',
      description: 'The page the form was sent from',
      example: 'https://quay.example/contact',
    },
    {
      name: 'form.fields',
      type: 'list',
      description:
        "The fields in the form's order, each with `label` and `value` (empty when left blank): `{% for field in form.fields %}{{ field.label }}: {{ field.value }}{% endfor %}`",
      example: [
        { label: 'Name', value: 'Grace Hopper' },
        { label: 'Email', value: 'grace@example.com' },
        { label: 'Message', value: 'We are four.\nDo you open on Sundays?' },
      ],
    },
  ],
  defaults: {
    en: {
      subject: '{{ form.subject }}',
      html: `<p>A message from the form on <a href="{{ form.page }}">{{ form.page }}</a>:</p>
${FIELDS_HTML}`,
      text: `A message from the form on {{ form.page }}:
${FIELDS_TEXT}`,
    },
    fr: {
      subject: '{{ form.subject }}',
      html: `<p>Un message du formulaire de <a href="{{ form.page }}">{{ form.page }}</a> :</p>
${FIELDS_HTML}`,
      text: `Un message du formulaire de {{ form.page }} :
${FIELDS_TEXT}`,
    },
  },
};

export const newsletterConfirm: CoreMailEventDefinition = {
  name: 'newsletter.confirm',
  description:
    'Someone subscribed to the newsletter: the link that confirms their subscription (double opt-in)',
  variables: [
    {
      name: 'recipient.name',
      type: 'string',
      description: 'The name the subscriber gave; empty when they gave none',
      example: 'Ada Lovelace',
    },
    {
      name: 'recipient.email',
      type: 'email',
      description: 'The address subscribed',
      example: 'ada@example.com',
    },
    {
      name: 'link',
      type: 'url',
      description: 'Confirms the subscription',
      example: 'https://quay.example/newsletter/confirm?token=sample',
    },
  ],
  defaults: {
    en: {
      subject: 'Confirm your subscription to {{ site.name }}',
      html: `<p>Hello{% if recipient.name != empty %} {{ recipient.name }}{% endif %},</p>
<p>Someone subscribed this address to the newsletter of {{ site.name }}. Open this link to confirm the subscription:</p>
<p class="action"><a class="button" href="{{ link }}">Confirm my subscription</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>If you did not ask for this, ignore this message: you will get nothing more.</p>`,
      text: `Hello{% if recipient.name != empty %} {{ recipient.name }}{% endif %},

Someone subscribed this address to the newsletter of {{ site.name }}. Open this link to confirm the subscription:

{{ link }}

If you did not ask for this, ignore this message: you will get nothing more.
`,
    },
    fr: {
      subject: 'Confirmez votre abonnement à {{ site.name }}',
      html: `<p>Bonjour{% if recipient.name != empty %} {{ recipient.name }}{% endif %},</p>
<p>Quelqu’un a abonné cette adresse à la lettre d’information de {{ site.name }}. Ouvrez ce lien pour confirmer l’abonnement :</p>
<p class="action"><a class="button" href="{{ link }}">Confirmer mon abonnement</a></p>
<p class="fallback"><a href="{{ link }}">{{ link }}</a></p>
<p>Si vous n’avez rien demandé, ignorez ce message : vous ne recevrez rien d’autre.</p>`,
      text: `Bonjour{% if recipient.name != empty %} {{ recipient.name }}{% endif %},

Quelqu’un a abonné cette adresse à la lettre d’information de {{ site.name }}. Ouvrez ce lien pour confirmer l’abonnement :

{{ link }}

Si vous n’avez rien demandé, ignorez ce message : vous ne recevrez rien d’autre.
`,
    },
  },
};
