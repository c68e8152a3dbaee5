import type { PluginContext, PluginMailVariable, PluginSite } from '@tessera/plugin';
import { textsIn } from './markup.js';
import type { FormDefinition, FormField, SubmittedEvent } from './model.js';
import { formPath, siteOrigin } from './site-addresses.js';

/**
 * The two mails a submission sends: the notification to the form's
 * recipients (the site's administrators when it names none), and the copy to the submitter when
 * the form asks for one. Administrators rewrite them per language in the email templates screen.
 */

const FORM_VARIABLES: PluginMailVariable[] = [
  { name: 'form.title', type: 'string', description: 'The form’s title', example: 'Contact us' },
  {
    name: 'form.url',
    type: 'url',
    description: 'The form’s page',
    example: 'https://quay.example/forms/contact',
  },
  {
    name: 'fields',
    type: 'list',
    description:
      'The fields in the form’s order, each with `label` and `value` (several values joined by commas, files by their names; empty when left blank): `{% for field in fields %}{{ field.label }}: {{ field.value }}{% endfor %}`',
    example: [
      { label: 'Name', value: 'Grace Hopper' },
      { label: 'Email', value: 'grace@example.com' },
      { label: 'Message', value: 'Do you open on Sundays?\nWe are four.' },
    ],
  },
];

const FIELDS_HTML = `{% for field in fields %}<p><strong>{{ field.label }}</strong><br>{{ field.value | default: "—" | escape | newline_to_br | raw }}</p>
{% endfor %}`;
const FIELDS_TEXT = `{% for field in fields %}
{{ field.label }}:
{{ field.value | default: "—" }}
{% endfor %}`;

export function declareMails(plugin: PluginContext): void {
  plugin.mail.template('forms.notification', {
    description: 'A visitor sent a form: its fields, to the form’s recipients or the site’s administrators',
    variables: [
      ...FORM_VARIABLES,
      {
        name: 'submission.url',
        type: 'url',
        description: 'The submission in the admin',
        example: 'https://quay.example/admin/plugins/forms/submissions/3?open=12',
      },
    ],
    defaults: {
      en: {
        subject: 'New submission: {{ form.title }}',
        html: `<p>Someone sent the form <a href="{{ form.url }}">{{ form.title }}</a>:</p>
${FIELDS_HTML}<p class="action"><a class="button" href="{{ submission.url }}">See it in the admin</a></p>`,
        text: `Someone sent the form {{ form.title }} ({{ form.url }}):
${FIELDS_TEXT}
See it in the admin: {{ submission.url }}
`,
      },
      fr: {
        subject: 'Nouvel envoi : {{ form.title }}',
        html: `<p>Quelqu’un a envoyé le formulaire <a href="{{ form.url }}">{{ form.title }}</a> :</p>
${FIELDS_HTML}<p class="action"><a class="button" href="{{ submission.url }}">Le voir dans l’administration</a></p>`,
        text: `Quelqu’un a envoyé le formulaire {{ form.title }} ({{ form.url }}) :
${FIELDS_TEXT}
Le voir dans l’administration : {{ submission.url }}
`,
      },
    },
  });

  plugin.mail.template('forms.confirmation', {
    description: 'To the visitor who sent a form asking for a copy: what they sent',
    variables: FORM_VARIABLES,
    defaults: {
      en: {
        subject: 'We received your message: {{ form.title }}',
        html: `<p>Thank you: {{ site.name }} received what you sent with the form <a href="{{ form.url }}">{{ form.title }}</a>. Here is a copy.</p>
${FIELDS_HTML}<p>If you did not send it, ignore this message.</p>`,
        text: `Thank you: {{ site.name }} received what you sent with the form {{ form.title }} ({{ form.url }}). Here is a copy.
${FIELDS_TEXT}
If you did not send it, ignore this message.
`,
      },
      fr: {
        subject: 'Nous avons bien reçu votre message : {{ form.title }}',
        html: `<p>Merci : {{ site.name }} a bien reçu ce que vous avez envoyé avec le formulaire <a href="{{ form.url }}">{{ form.title }}</a>. En voici une copie.</p>
${FIELDS_HTML}<p>Si vous n’avez rien envoyé, ignorez ce message.</p>`,
        text: `Merci : {{ site.name }} a bien reçu ce que vous avez envoyé avec le formulaire {{ form.title }} ({{ form.url }}). En voici une copie.
${FIELDS_TEXT}
Si vous n’avez rien envoyé, ignorez ce message.
`,
      },
    },
  });
}

/**
 * The variables of a submission's mails. `locale` null: the notification, in the form's own words,
 * every field shown; a language: the visitor's copy, in the form's words for that language, without
 * the hidden fields (what the site keeps for itself).
 */
export function mailVariables(
  site: PluginSite,
  form: FormDefinition & { id: number; slug: string },
  event: SubmittedEvent,
  locale: string | null,
) {
  const { submission } = event;
  const origin = siteOrigin(site);
  const translation = locale === null ? undefined : form.translations[locale];
  const fields = form.fields
    .filter((field) => locale === null || field.type !== 'hidden')
    .map((field) => ({
      label: translation?.fields[field.name]?.label || field.label,
      value: shownValue(field, submission),
    }));
  return {
    form: {
      title: locale === null ? form.title : textsIn(form, locale).title,
      url: `${origin}${formPath(site, locale ?? site.default_locale, form.slug)}`,
    },
    ...(locale === null
      ? { submission: { url: `${origin}/admin/plugins/forms/submissions/${form.id}?open=${submission.id}` } }
      : {}),
    fields,
  };
}

/** A field's value as a mail shows it: several joined by commas, files by their names. */
function shownValue(field: FormField, submission: SubmittedEvent['submission']): string {
  if (field.type === 'file')
    return submission.files
      .filter((file) => file.field === field.name)
      .map((file) => file.filename)
      .join(', ');
  const value = submission.values[field.name] ?? '';
  return Array.isArray(value) ? value.join(', ') : value;
}
