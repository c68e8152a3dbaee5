import { describe, expect, it } from 'vitest';
import { blankField, type FieldType, type FormField } from './model.js';
import { checkSubmission, type PostedFile, submittedValues } from './rules.js';

const field = (type: FieldType, changes: Partial<FormField> = {}): FormField => ({
  ...blankField(type, 'answer', 'Answer'),
  ...changes,
});
const options = [
  { value: 'tea', label: 'Tea' },
  { value: 'coffee', label: 'Coffee' },
];

/** The fault of one field for one posted value, in English unless said. */
const fault = (f: FormField, value: string | string[] | undefined, locale = 'en') =>
  checkSubmission([f], value === undefined ? {} : { [f.name]: value }, [], locale)[f.name];

const file = (changes: Partial<PostedFile> = {}): PostedFile => ({
  field: 'answer',
  filename: 'cv.pdf',
  size: 1000,
  type: 'application/pdf',
  tooLarge: false,
  ...changes,
});
const fileFault = (f: FormField, files: PostedFile[], maxUploadMb = 10) =>
  checkSubmission([f], {}, files, 'en', { maxUploadMb })[f.name];

describe('required', () => {
  it('holds for every type that takes a value, and an optional empty field is fine', () => {
    for (const type of ['text', 'email', 'phone', 'textarea', 'number', 'date', 'hidden'] as const) {
      expect(fault(field(type, { required: true }), ''), type).toBe('This field is required.');
      expect(fault(field(type, { required: true }), '   '), type).toBe('This field is required.');
      expect(fault(field(type), ''), type).toBeUndefined();
    }
    expect(fault(field('select', { required: true, options }), '')).toBe('Choose an option.');
    expect(fault(field('radio', { required: true, options }), undefined)).toBe('Choose an option.');
    expect(fault(field('checkbox', { required: true, options }), [])).toBe('Choose at least one option.');
    expect(fault(field('select', { required: true, multiple: true, options }), [])).toBe(
      'Choose at least one option.',
    );
    expect(fault(field('checkbox', { required: true }), '')).toBe('This field is required.');
    expect(fault(field('checkbox'), '')).toBeUndefined();
  });

  it('speaks French to a French page', () => {
    expect(fault(field('text', { required: true }), '', 'fr')).toBe('Ce champ est obligatoire.');
    expect(fault(field('email'), 'nope', 'fr-CA')).toBe(
      'Saisissez une adresse électronique, comme nom@exemple.fr.',
    );
    expect(fault(field('text', { required: true }), '', 'de')).toBe('This field is required.');
  });
});

describe('lengths', () => {
  it('holds min and max length, counting a line break once', () => {
    const f = field('textarea', { min_length: 5, max_length: 10 });
    expect(fault(f, 'abcd')).toBe('At least 5 characters.');
    expect(fault(f, 'abcde')).toBeUndefined();
    expect(fault(f, 'abcdefghijk')).toBe('At most 10 characters.');
    expect(fault(f, 'abcd\r\nefghi')).toBeUndefined();
    expect(fault(field('text', { min_length: 3 }), 'ab', 'fr')).toBe('Au moins 3 caractères.');
  });

  it('holds each type to its longest value when the field sets none', () => {
    expect(fault(field('text'), 'a'.repeat(1000))).toBeUndefined();
    expect(fault(field('text'), 'a'.repeat(1001))).toBe('At most 1000 characters.');
    expect(fault(field('hidden'), 'a'.repeat(1001))).toBe('At most 1000 characters.');
    expect(fault(field('text', { max_length: 5000 }), 'a'.repeat(1001))).toBe('At most 1000 characters.');
  });
});

describe('numbers and dates', () => {
  it('takes numbers within min and max', () => {
    const f = field('number', { min: 1, max: 12.5 });
    expect(fault(f, 'twelve')).toBe('Enter a number.');
    expect(fault(f, '1e999')).toBe('Enter a number.');
    expect(fault(f, '0')).toBe('At least 1.');
    expect(fault(f, '12.6')).toBe('At most 12.5.');
    expect(fault(f, '12.5')).toBeUndefined();
    expect(fault(f, '-3', 'fr')).toBe('Au moins 1.');
    expect(fault(field('number'), '-3.25')).toBeUndefined();
  });

  it('takes calendar days within the earliest and latest dates', () => {
    const f = field('date', { min_date: '2026-03-01', max_date: '2026-12-31' });
    expect(fault(f, '2026-02-30')).toBe('Enter a date.');
    expect(fault(f, '01/03/2026')).toBe('Enter a date.');
    expect(fault(f, '2026-02-28')).toBe('On 1 March 2026 or later.');
    expect(fault(f, '2027-01-01')).toBe('On 31 December 2026 or earlier.');
    expect(fault(f, '2026-02-28', 'fr')).toBe('Le 1 mars 2026 ou après.');
    expect(fault(f, '2026-03-01')).toBeUndefined();
  });
});

describe('patterns, emails and phones', () => {
  it('matches the whole value against the pattern, as the browser does', () => {
    const f = field('text', { pattern: '[A-Z]{2}[0-9]{3}' });
    expect(fault(f, 'AB123')).toBeUndefined();
    expect(fault(f, 'xAB123')).toBe('Use the format asked for.');
    expect(fault(f, 'AB1234')).toBe('Use the format asked for.');
    // An alternation is anchored whole too.
    expect(fault(field('text', { pattern: 'yes|no' }), 'yesno')).toBe('Use the format asked for.');
    expect(fault(field('phone', { pattern: '\\+33.*' }), '+44 20 7946 0958')).toBe(
      'Use the format asked for.',
    );
  });

  it('takes email addresses and phone numbers of the usual shapes', () => {
    expect(fault(field('email'), 'ada@example.com')).toBeUndefined();
    for (const bad of ['ada', 'ada@example', 'a da@example.com'])
      expect(fault(field('email'), bad), bad).toBe('Enter an email address, such as name@example.com.');
    expect(fault(field('email'), `${'a'.repeat(250)}@example.com`)).toBe('At most 254 characters.');
    for (const good of ['+44 20 7946 0958', '(01) 23-45-67', '0123456789'])
      expect(fault(field('phone'), good), good).toBeUndefined();
    for (const bad of ['call me', '123', '+44 20 7946 0958 ext. 2'])
      expect(fault(field('phone'), bad), bad).toBe('Enter a phone number, such as +44 20 7946 0958.');
  });
});

describe('choices', () => {
  it('takes only the options offered, one for a select or radio', () => {
    for (const type of ['select', 'radio'] as const) {
      const f = field(type, { options });
      expect(fault(f, 'tea'), type).toBeUndefined();
      expect(fault(f, 'beer'), type).toBe('Choose among the options offered.');
      expect(fault(f, ['tea', 'coffee']), type).toBe('Choose only one option.');
    }
  });

  it('takes several options for a multiple select or a checkbox group, posted repeated or joined', () => {
    for (const f of [field('select', { options, multiple: true }), field('checkbox', { options })]) {
      expect(fault(f, ['tea', 'coffee'])).toBeUndefined();
      expect(fault(f, 'tea\ncoffee')).toBeUndefined();
      expect(fault(f, ['tea', 'beer'])).toBe('Choose among the options offered.');
    }
    expect(submittedValues([field('checkbox', { options })], { answer: 'tea\ncoffee\ntea' })).toEqual({
      answer: ['tea', 'coffee'],
    });
  });

  it('wants a consent ticked, required or not, and a single box to post its one value', () => {
    const consent = field('consent', { required: false });
    expect(fault(consent, '')).toBe('Tick this box to go on.');
    expect(fault(consent, '', 'fr')).toBe('Cochez cette case pour continuer.');
    expect(fault(consent, 'yes')).toBeUndefined();
    expect(fault(field('checkbox'), 'on')).toBe('Choose among the options offered.');
    expect(fault(field('checkbox'), 'yes')).toBeUndefined();
  });
});

describe('files', () => {
  it('wants a file when required, ignoring the empty part a browser sends for none', () => {
    expect(fileFault(field('file', { required: true }), [])).toBe('Choose a file.');
    expect(fileFault(field('file', { required: true }), [file({ filename: '', size: 0, type: null })])).toBe(
      'Choose a file.',
    );
    expect(fileFault(field('file'), [])).toBeUndefined();
    expect(fileFault(field('file', { required: true }), [file()])).toBeUndefined();
  });

  it('counts files: one without multiple, at most max_files with it', () => {
    expect(fileFault(field('file'), [file(), file()])).toBe('Send only one file.');
    expect(fileFault(field('file', { multiple: true, max_files: 2 }), [file(), file(), file()])).toBe(
      'Send at most 2 files.',
    );
    expect(fileFault(field('file', { multiple: true }), [file(), file(), file()])).toBeUndefined();
  });

  it('holds each file to the field’s size, the plugin’s setting at most, and to what the platform read', () => {
    const mb = 1024 * 1024;
    expect(fileFault(field('file', { max_size_mb: 2 }), [file({ size: 2 * mb + 1 })])).toBe(
      'cv.pdf is larger than 2 MB.',
    );
    expect(fileFault(field('file', { max_size_mb: 2 }), [file({ size: 2 * mb })])).toBeUndefined();
    expect(fileFault(field('file'), [file({ size: 5 * mb })], 4)).toBe('cv.pdf is larger than 4 MB.');
    expect(fileFault(field('file', { max_size_mb: 50 }), [file({ size: 5 * mb })], 4)).toBe(
      'cv.pdf is larger than 4 MB.',
    );
    expect(fileFault(field('file'), [file({ size: 10, tooLarge: true })])).toBe(
      'cv.pdf is larger than 10 MB.',
    );
  });

  it('takes the kinds of file accepted, by what their bytes are: images and PDF by default', () => {
    expect(fileFault(field('file'), [file({ filename: 'me.png', type: 'image/png' })])).toBeUndefined();
    // An executable named like a PDF: its bytes say what it is.
    expect(
      fileFault(field('file'), [file({ filename: 'invoice.pdf', type: 'application/x-msdownload' })]),
    ).toBe('invoice.pdf is not a kind of file this form takes.');
    expect(fileFault(field('file'), [file({ filename: 'notes.txt', type: null })])).toBe(
      'notes.txt is not a kind of file this form takes.',
    );
    expect(fileFault(field('file'), [file({ filename: 'logo.svg', type: 'image/svg+xml' })])).toBe(
      'logo.svg is not a kind of file this form takes.',
    );
    const documents = field('file', { accept: ['document', 'application/zip'] });
    expect(fileFault(documents, [file({ filename: 'a.zip', type: 'application/zip' })])).toBeUndefined();
    expect(fileFault(documents, [file({ filename: 'a.png', type: 'image/png' })])).toBe(
      'a.png is not a kind of file this form takes.',
    );
    expect(fileFault(field('file', { accept: ['audio'] }), [file({ type: 'audio/mpeg' })])).toBeUndefined();
  });
});

describe('submitted values', () => {
  it('keeps only the form’s fields, their text trimmed with LF line breaks', () => {
    const fields = [field('text', { name: 'name' }), field('textarea', { name: 'message' }), field('file')];
    expect(
      submittedValues(fields, { name: '  Ada ', message: 'one\r\ntwo', extra: 'x', answer: 'y' }),
    ).toEqual({
      name: 'Ada',
      message: 'one\ntwo',
    });
  });
});
