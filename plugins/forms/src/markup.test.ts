import { unsafeHtml } from '@tessera/plugin';
import { describe, expect, it } from 'vitest';
import { renderForm } from './markup.js';
import {
  blankField,
  DEFAULT_SETTINGS,
  type FieldType,
  type FormDefinition,
  type FormField,
} from './model.js';

const field = (type: FieldType, name: string, changes: Partial<FormField> = {}): FormField => ({
  ...blankField(type, name, name[0]?.toUpperCase() + name.slice(1)),
  ...changes,
});
const options = [
  { value: 'tea', label: 'Tea' },
  { value: 'coffee', label: 'Coffee' },
];
const form = (
  fields: FormField[],
  changes: Partial<FormDefinition> = {},
): FormDefinition & { id: number } => ({
  id: 7,
  title: 'Contact',
  fields,
  settings: DEFAULT_SETTINGS,
  translations: {},
  ...changes,
});
const render = (definition: FormDefinition, options: Partial<Parameters<typeof renderForm>[1]> = {}) =>
  renderForm(definition, { locale: 'en', action: '/forms/contact', ...options }).html;

/** The opening tag of the element with this id. */
const tag = (markup: string, id: string) =>
  new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(markup)?.[0] ?? '';

describe('a form’s markup', () => {
  it('ties each label to its input, and writes the browser’s constraints', () => {
    const markup = render(
      form([
        field('text', 'name', { required: true, min_length: 2, max_length: 80, pattern: '[A-Za-z ]+' }),
        field('email', 'email', { placeholder: 'you@example.com' }),
        field('phone', 'phone'),
        field('textarea', 'message', { max_length: 500 }),
        field('number', 'guests', { min: 1, max: 12 }),
        field('date', 'day', { min_date: '2026-01-01', max_date: '2026-12-31' }),
      ]),
    );
    expect(markup).toContain(
      '<label class="tb-form-label" for="tb-form-7-name">Name<span class="tb-form-required" aria-hidden="true"> *</span></label>',
    );
    expect(tag(markup, 'tb-form-7-name')).toBe(
      '<input id="tb-form-7-name" type="text" name="name" value="" minlength="2" maxlength="80" pattern="[A-Za-z ]+" required>',
    );
    expect(tag(markup, 'tb-form-7-email')).toBe(
      '<input id="tb-form-7-email" type="email" name="email" value="" maxlength="254" autocomplete="email" placeholder="you@example.com">',
    );
    expect(tag(markup, 'tb-form-7-phone')).toContain('type="tel"');
    expect(tag(markup, 'tb-form-7-message')).toBe(
      '<textarea id="tb-form-7-message" name="message" rows="6" maxlength="500">',
    );
    expect(tag(markup, 'tb-form-7-guests')).toBe(
      '<input id="tb-form-7-guests" type="number" name="guests" value="" step="any" min="1" max="12">',
    );
    expect(tag(markup, 'tb-form-7-day')).toBe(
      '<input id="tb-form-7-day" type="date" name="day" value="" min="2026-01-01" max="2026-12-31">',
    );
    expect(markup).not.toContain('enctype');
    expect(markup).toContain('<form class="tb-form-form" method="post" action="/forms/contact">');
  });

  it('groups radios and checkboxes in a fieldset with a legend', () => {
    const markup = render(
      form([
        field('radio', 'drink', { options, required: true, help: 'One each.' }),
        field('checkbox', 'extras', { options, required: true }),
      ]),
    );
    expect(markup).toContain(
      '<fieldset class="tb-form-field tb-form-field--radio"><legend class="tb-form-label">Drink<span class="tb-form-required" aria-hidden="true"> *</span></legend><p class="tb-form-help" id="tb-form-7-drink-help">One each.</p>',
    );
    expect(tag(markup, 'tb-form-7-drink-1')).toBe(
      '<input type="radio" id="tb-form-7-drink-1" name="drink" value="coffee" required aria-describedby="tb-form-7-drink-help">',
    );
    expect(markup).toContain('<label for="tb-form-7-drink-1">Coffee</label>');
    // "At least one box" is the server's to check: no box is required, the legend says it is.
    expect(tag(markup, 'tb-form-7-extras-0')).toBe(
      '<input type="checkbox" id="tb-form-7-extras-0" name="extras" value="tea">',
    );
    expect(markup).toContain('<span class="tb-visually-hidden"> (required)</span></legend>');
  });

  it('ties faults to their fields, lists them above, and focuses the first', () => {
    const markup = render(
      form([
        field('text', 'name', { help: 'As on your passport.' }),
        field('email', 'email'),
        field('radio', 'drink', { options }),
      ]),
      {
        values: { name: '<b>Ada</b>', email: 'ada', drink: 'tea' },
        errors: {
          email: 'Enter an email address.',
          drink: 'Choose among the options offered.',
          form: 'Too many.',
        },
      },
    );
    expect(tag(markup, 'tb-form-7-name')).toBe(
      '<input id="tb-form-7-name" type="text" name="name" value="&lt;b&gt;Ada&lt;/b&gt;" maxlength="1000" aria-describedby="tb-form-7-name-help">',
    );
    expect(tag(markup, 'tb-form-7-email')).toBe(
      '<input id="tb-form-7-email" type="email" name="email" value="ada" maxlength="254" autocomplete="email" aria-describedby="tb-form-7-email-error" aria-invalid="true" autofocus>',
    );
    expect(markup).toContain(
      '<p class="tb-form-error" id="tb-form-7-email-error">Enter an email address.</p>',
    );
    expect(tag(markup, 'tb-form-7-drink-0')).toBe(
      '<input type="radio" id="tb-form-7-drink-0" name="drink" value="tea" checked aria-describedby="tb-form-7-drink-error" aria-invalid="true">',
    );
    expect(markup).toContain(
      '<div class="tb-form-errors" id="tb-form-7-errors" role="alert"><p>Please correct the following:</p><ul><li>Too many.</li><li><a href="#tb-form-7-email">Email: Enter an email address.</a></li><li><a href="#tb-form-7-drink-0">Drink: Choose among the options offered.</a></li></ul></div>',
    );
    expect(markup.match(/autofocus/g)).toHaveLength(1);
    expect(markup).toContain('tb-form-field tb-form-field--email tb-form-field--invalid');
  });

  it('shows defaults at first, and what was sent afterwards', () => {
    const fields = [
      field('text', 'name', { default: 'Ada' }),
      field('select', 'drinks', { options, multiple: true, default: 'tea\ncoffee' }),
      field('checkbox', 'news', { default: 'yes' }),
    ];
    const first = render(form(fields));
    expect(tag(first, 'tb-form-7-name')).toContain('value="Ada"');
    expect(first).toContain(
      '<option value="tea" selected>Tea</option><option value="coffee" selected>Coffee</option>',
    );
    expect(tag(first, 'tb-form-7-news')).toContain(' checked');
    const again = render(form(fields), { values: { name: '', drinks: ['coffee'] }, errors: {} });
    expect(tag(again, 'tb-form-7-name')).toContain('value=""');
    expect(again).toContain(
      '<option value="tea">Tea</option><option value="coffee" selected>Coffee</option>',
    );
    expect(tag(again, 'tb-form-7-news')).not.toContain(' checked');
  });

  it('offers an empty choice first in a single select, with the placeholder as its text', () => {
    const markup = render(
      form([field('select', 'drink', { options, required: true, placeholder: 'Pick one' })]),
    );
    expect(markup).toContain(
      '<select id="tb-form-7-drink" name="drink" required><option value="">Pick one</option><option value="tea">Tea</option>',
    );
  });

  it('sends files as multipart, with the kinds accepted', () => {
    const markup = render(
      form([field('file', 'cv', { accept: ['application/pdf'], multiple: true, required: true })]),
    );
    expect(markup).toContain(
      '<form class="tb-form-form" method="post" action="/forms/contact" enctype="multipart/form-data">',
    );
    expect(tag(markup, 'tb-form-7-cv')).toBe(
      '<input id="tb-form-7-cv" type="file" name="cv" accept="application/pdf" multiple required>',
    );
    expect(render(form([field('file', 'photo')]))).toContain('accept="image/jpeg,image/png,');
  });

  it('writes a consent box with its link, a half-width field’s class, a hidden field, and the honeypot', () => {
    const markup = render(
      form([
        field('text', 'first', { width: 'half' }),
        field('hidden', 'campaign', { default: 'spring' }),
        field('consent', 'terms', {
          consent_text: 'I accept the [privacy policy].',
          consent_url: '/privacy',
        }),
      ]),
      { tokenField: unsafeHtml('<input type="hidden" name="form_token" value="t">') },
    );
    expect(markup).toContain('<div class="tb-form-field tb-form-field--text tb-form-field--half">');
    expect(markup).toContain('<input type="hidden" name="campaign" value="spring">');
    expect(markup).toContain(
      '<input type="checkbox" id="tb-form-7-terms" name="terms" value="yes" required><label for="tb-form-7-terms">I accept the <a class="tb-form-consent-link" href="/privacy" target="_blank" rel="noopener">privacy policy</a>.<span class="tb-form-required" aria-hidden="true"> *</span></label>',
    );
    expect(markup).toContain(
      '<div class="tb-form-trap" aria-hidden="true"><label for="tb-form-7-_website">Leave this empty</label><input id="tb-form-7-_website" type="text" name="_website" value="" tabindex="-1" autocomplete="off"></div>',
    );
    expect(markup).toContain('<input type="hidden" name="form_token" value="t">');
    expect(markup).toContain(
      '<button type="submit" class="tb-form-submit tb-button tb-button--primary tb-button--medium">Send</button>',
    );
  });

  it('speaks the page’s language: the form’s translation, its own texts where none, the plugin’s words', () => {
    const definition = form(
      [
        field('radio', 'drink', { options, help: 'Hot drinks only.' }),
        field('text', 'name', { required: true }),
      ],
      {
        translations: {
          fr: { submit_label: 'Envoyer', fields: { drink: { label: 'Boisson', options: { tea: 'Thé' } } } },
        },
      },
    );
    const markup = render(definition, { locale: 'fr', errors: { name: 'Ce champ est obligatoire.' } });
    expect(markup).toContain(
      '<legend class="tb-form-label">Boisson</legend><p class="tb-form-help" id="tb-form-7-drink-help">Hot drinks only.</p>',
    );
    expect(markup).toContain('<label for="tb-form-7-drink-0">Thé</label>');
    expect(markup).toContain('<label for="tb-form-7-drink-1">Coffee</label>');
    expect(markup).toContain(
      '<button type="submit" class="tb-form-submit tb-button tb-button--primary tb-button--medium">Envoyer</button>',
    );
    expect(markup).toContain('<p>Veuillez corriger ce qui suit :</p>');
    expect(markup).toContain('Name : Ce champ est obligatoire.');
    expect(markup).toContain('Laissez ce champ vide');
    expect(render(definition, { locale: 'de' })).toContain('>Send</button>');
  });

  it('escapes what people wrote', () => {
    const markup = render(
      form([
        field('text', 'name', { label: '<script>x</script>', placeholder: '"quoted"', pattern: '[a-z]+"' }),
      ]),
    );
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('placeholder="&quot;quoted&quot;"');
    expect(markup).toContain('pattern="[a-z]+&quot;"');
  });
});
