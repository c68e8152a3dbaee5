import { describe, expect, it } from 'vitest';
import { checkDefinition, isSuccessTarget } from './definition-check.js';
import {
  blankField,
  DEFAULT_SETTINGS,
  type FieldType,
  type FormDefinition,
  type FormField,
} from './model.js';

const field = (type: FieldType, name: string, changes: Partial<FormField> = {}): FormField => ({
  ...blankField(type, name, name),
  ...changes,
});
const options = [
  { value: 'tea', label: 'Tea' },
  { value: 'coffee', label: 'Coffee' },
];
const form = (changes: Partial<FormDefinition> = {}): FormDefinition => ({
  title: 'Contact',
  fields: [field('text', 'name'), field('email', 'email')],
  settings: DEFAULT_SETTINGS,
  translations: {},
  ...changes,
});
const check = (definition: FormDefinition) =>
  checkDefinition(definition, { locales: ['en', 'fr'], maxUploadMb: 10 });
const withField = (f: FormField) => check(form({ fields: [field('email', 'email'), f] }));

describe('a form’s definition', () => {
  it('passes a plain form', () => {
    expect(check(form())).toEqual({});
  });

  it('wants names unique and not the platform’s', () => {
    expect(check(form({ fields: [field('text', 'email'), field('email', 'email')] }))).toEqual({
      'fields.1.name': ['Another field is named email.'],
    });
    expect(check(form({ fields: [field('text', 'form_token')] }))).toEqual({
      'fields.0.name': ['form_token is reserved.'],
    });
  });

  it('wants a title and labels', () => {
    expect(check(form({ title: ' ', fields: [field('text', 'name', { label: ' ' })] }))).toEqual({
      title: ['Give the form a title.'],
      'fields.0.label': ['Give the field a label.'],
    });
  });

  it('wants options for a select or radio, unique and labelled; a checkbox may have none', () => {
    expect(withField(field('select', 'drink'))).toEqual({
      'fields.1.options': ['Give at least one option.'],
    });
    expect(withField(field('radio', 'drink'))).toEqual({ 'fields.1.options': ['Give at least one option.'] });
    expect(withField(field('checkbox', 'agree'))).toEqual({});
    expect(
      withField(
        field('radio', 'drink', {
          options: [...options, { value: 'tea', label: '' }, { value: 'a\nb', label: 'AB' }],
        }),
      ),
    ).toEqual({
      'fields.1.options.2.value': ['Another option has this value.'],
      'fields.1.options.2.label': ['Give the option a label.'],
      'fields.1.options.3.value': ['A value cannot start or end with a space, nor hold a line break.'],
    });
  });

  it('wants rules that agree', () => {
    expect(withField(field('text', 'code', { min_length: 5, max_length: 3 }))).toEqual({
      'fields.1.min_length': ['The minimum length is more than the maximum.'],
    });
    expect(withField(field('textarea', 'code', { max_length: 30_000 }))).toEqual({
      'fields.1.max_length': ['At most 20000 for a field of this type.'],
    });
    expect(withField(field('number', 'age', { min: 10, max: 1 }))).toEqual({
      'fields.1.min': ['The minimum is more than the maximum.'],
    });
    expect(withField(field('date', 'day', { min_date: '2026-02-30', max_date: '2026-01-01' }))).toEqual({
      'fields.1.min_date': ['Write a date as yyyy-mm-dd.'],
    });
    expect(withField(field('date', 'day', { min_date: '2026-03-01', max_date: '2026-01-01' }))).toEqual({
      'fields.1.min_date': ['The earliest date is after the latest.'],
    });
  });

  it('compiles the pattern as browsers do', () => {
    expect(withField(field('text', 'code', { pattern: '[A-Z]{2}' }))).toEqual({});
    expect(withField(field('text', 'code', { pattern: '(ab' }))).toEqual({
      'fields.1.pattern': ['This is not a regular expression browsers can run.'],
    });
    // Browsers compile `pattern` with the v flag, which refuses a lone brace or a bracket in a class.
    expect(withField(field('text', 'code', { pattern: '[A-Z]{2' }))).toEqual({
      'fields.1.pattern': ['This is not a regular expression browsers can run.'],
    });
    expect(withField(field('text', 'code', { pattern: '[(]' }))).toEqual({
      'fields.1.pattern': ['This is not a regular expression browsers can run.'],
    });
  });

  it('wants a default a visitor could have sent', () => {
    expect(withField(field('select', 'drink', { options, default: 'beer' }))).toEqual({
      'fields.1.default': ['The default must be one of the options.'],
    });
    expect(withField(field('select', 'drink', { options, multiple: true, default: 'tea\ncoffee' }))).toEqual(
      {},
    );
    expect(withField(field('checkbox', 'drinks', { options, default: 'tea\nbeer' }))).toEqual({
      'fields.1.default': ['Each default value must be one of the options.'],
    });
    expect(withField(field('checkbox', 'news', { default: 'yes' }))).toEqual({});
    expect(withField(field('checkbox', 'news', { default: 'on' }))).toEqual({
      'fields.1.default': ['Leave it empty, or yes to tick the box.'],
    });
    expect(withField(field('consent', 'terms', { default: 'yes' }))).toEqual({
      'fields.1.default': ['A consent box cannot be ticked in advance.'],
    });
    expect(withField(field('number', 'age', { min: 18, default: '12' }))).toEqual({
      'fields.1.default': ['The default is outside the minimum and maximum.'],
    });
    expect(withField(field('text', 'code', { pattern: '[0-9]+', default: 'abc' }))).toEqual({
      'fields.1.default': ['The default does not match the pattern.'],
    });
    expect(withField(field('date', 'day', { default: 'tomorrow' }))).toEqual({
      'fields.1.default': ['Write the default date as yyyy-mm-dd.'],
    });
  });

  it('knows the kinds of file and holds sizes to the plugin’s setting', () => {
    expect(
      withField(field('file', 'cv', { accept: ['document', 'application/pdf', 'spreadsheet', 'PDF'] })),
    ).toEqual({
      'fields.1.accept.2': [
        'Name a MIME type (application/pdf) or image, document, audio, video or archive.',
      ],
      'fields.1.accept.3': [
        'Name a MIME type (application/pdf) or image, document, audio, video or archive.',
      ],
    });
    expect(withField(field('file', 'cv', { max_size_mb: 11 }))).toEqual({
      'fields.1.max_size_mb': ["At most 10 MB, the plugin's setting."],
    });
  });

  it('wants a consent’s link to lead to the site or the web', () => {
    expect(withField(field('consent', 'terms', { consent_url: 'javascript:alert(1)' }))).toEqual({
      'fields.1.consent_url': [
        'Give a path of the site (/privacy) or an address starting with http:// or https://.',
      ],
    });
    expect(withField(field('consent', 'terms', { consent_url: '/privacy' }))).toEqual({});
  });
});

describe('a form’s settings', () => {
  it('names email fields for the reply-to and the confirmation', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      reply_to_field: 'name',
      confirmation: { enabled: true, email_field: 'mail' },
    };
    expect(check(form({ settings }))).toEqual({
      'settings.reply_to_field': ['No email field is named name.'],
      'settings.confirmation.email_field': ['No email field is named mail.'],
    });
    expect(
      check(form({ settings: { ...DEFAULT_SETTINGS, confirmation: { enabled: true, email_field: null } } })),
    ).toEqual({ 'settings.confirmation.email_field': ['Choose the email field the copy is sent to.'] });
    expect(
      check(
        form({
          settings: {
            ...DEFAULT_SETTINGS,
            reply_to_field: 'email',
            confirmation: { enabled: true, email_field: 'email' },
          },
        }),
      ),
    ).toEqual({});
  });

  it('wants recipients that are addresses and a success that leads somewhere', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      recipients: ['team@example.com', 'nobody'],
      success: { kind: 'redirect' as const, to: '//evil.example' },
    };
    expect(check(form({ settings }))).toEqual({
      'settings.recipients.1': ['This is not an email address.'],
      'settings.success.to': [
        'Give a path of the site (/thanks) or an address starting with http:// or https://.',
      ],
    });
    expect(isSuccessTarget('/thanks')).toBe(true);
    expect(isSuccessTarget('https://example.com/thanks')).toBe(true);
    expect(isSuccessTarget('/\\evil.example')).toBe(false);
    expect(isSuccessTarget('ftp://example.com')).toBe(false);
  });
});

describe('a form’s translations', () => {
  it('are of the site’s languages, for fields and options that exist', () => {
    const drink = field('radio', 'drink', { options });
    expect(
      check(
        form({
          fields: [drink],
          translations: {
            fr: { title: 'Contact', fields: { drink: { options: { tea: 'Thé', beer: 'Bière' } }, age: {} } },
            de: { fields: {} },
          },
        }),
      ),
    ).toEqual({
      'translations.fr.fields.drink.options.beer': ['drink has no option beer.'],
      'translations.fr.fields.age': ['No field is named age.'],
      'translations.de': ['The site has no language de.'],
    });
  });
});
