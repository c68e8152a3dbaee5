import { describe, expect, it } from 'vitest';
import {
  type DraftField,
  draftOf,
  inputsOf,
  inserted,
  landingIndex,
  moved,
  nameFromLabel,
  newField,
  optionRelabelled,
  relabelled,
  savedField,
} from './field-model.js';
import { FIELD_TYPES, type FieldType } from './records.js';

const WORDS = { label: 'Your email', option: (n: number) => `Option ${n}`, consent: 'I agree.' };
const field = (type: FieldType, taken: string[] = [], key = 'k1'): DraftField =>
  newField(type, { ...WORDS, label: type }, taken, key);

describe('a field name made from its label', () => {
  it('is lower case, accents dropped, other characters as one underscore', () => {
    expect(nameFromLabel('Your e-mail address', [])).toBe('your_e_mail_address');
    expect(nameFromLabel('  Prénom & nom ! ', [])).toBe('prenom_nom');
    expect(nameFromLabel('Œuvre préférée, Straße', [])).toBe('oeuvre_preferee_strasse');
  });

  it('starts with a letter, the type standing in for a label with none', () => {
    expect(nameFromLabel('2nd phone', [], 'phone')).toBe('phone_2nd_phone');
    expect(nameFromLabel('???', [], 'email')).toBe('email');
    expect(nameFromLabel('', [], 'text')).toBe('text');
  });

  it('is at most 40 characters and unlike the names taken', () => {
    const long = nameFromLabel('a'.repeat(60), []);
    expect(long).toHaveLength(40);
    expect(nameFromLabel('Email', ['email'])).toBe('email_2');
    expect(nameFromLabel('Email', ['email', 'email_2'])).toBe('email_3');
    const crowded = nameFromLabel('a'.repeat(60), [long]);
    expect(crowded).toHaveLength(40);
    expect(crowded.endsWith('_2')).toBe(true);
    expect(nameFromLabel('Email', [])).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
  });

  it('follows the label of a new field, never of a saved one nor once typed in', () => {
    const fresh = newField('email', WORDS, ['your_email'], 'a');
    expect(fresh.name).toBe('your_email_2');
    expect(relabelled(fresh, 'Work email', ['your_email']).name).toBe('work_email');
    expect(relabelled(fresh, 'Your email', ['your_email']).name).toBe('your_email_2');
    const typed = { ...fresh, name: 'contact', nameFollowsLabel: false };
    expect(relabelled(typed, 'Work email', []).name).toBe('contact');
    const saved = draftOf(savedField(fresh), 'b');
    expect(relabelled(saved, 'Other', []).name).toBe('your_email_2');
  });
});

describe('reordering', () => {
  it('moves an item up and down, clamped to the list', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 7, 0)).toEqual(['a', 'b', 'c']);
  });

  it('lands a dragged item in the gap it was dropped in', () => {
    const drop = (list: string[], from: number, gap: number) => moved(list, from, landingIndex(from, gap));
    expect(drop(['a', 'b', 'c'], 0, 3)).toEqual(['b', 'c', 'a']);
    expect(drop(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'a', 'c']);
    expect(drop(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(drop(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
    expect(drop(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'b', 'c']);
  });

  it('inserts at an index, past the end at the end', () => {
    expect(inserted(['a', 'b'], 1, 'x')).toEqual(['a', 'x', 'b']);
    expect(inserted(['a', 'b'], 9, 'x')).toEqual(['a', 'b', 'x']);
    expect(inserted([], 0, 'x')).toEqual(['x']);
  });
});

describe("the field editor's inputs for each type", () => {
  const shown = (type: FieldType, change: Partial<DraftField> = {}) =>
    inputsOf({ ...field(type), ...change });

  it('gives every type a label and a name, and every visible one its help, width and required', () => {
    for (const type of FIELD_TYPES) {
      expect(shown(type).slice(0, 2)).toEqual(['label', 'name']);
      if (type !== 'hidden') expect(shown(type)).toEqual(expect.arrayContaining(['help', 'width']));
    }
    expect(shown('hidden')).toEqual(['label', 'name', 'default']);
    expect(shown('consent')).not.toContain('required');
  });

  it('gives each type its own rules', () => {
    expect(shown('text')).toEqual(
      expect.arrayContaining(['min_length', 'max_length', 'pattern', 'placeholder']),
    );
    expect(shown('email')).not.toContain('pattern');
    expect(shown('phone')).toContain('pattern');
    expect(shown('textarea')).toEqual(expect.arrayContaining(['min_length', 'max_length']));
    expect(shown('number')).toEqual(expect.arrayContaining(['min', 'max', 'placeholder']));
    expect(shown('number')).not.toContain('min_length');
    expect(shown('date')).toEqual(expect.arrayContaining(['min_date', 'max_date']));
    expect(shown('date')).not.toContain('placeholder');
    expect(shown('file')).toEqual(expect.arrayContaining(['accept', 'max_size_mb', 'multiple']));
    expect(shown('file')).not.toContain('max_files');
    expect(shown('file', { multiple: true })).toContain('max_files');
    expect(shown('file')).not.toContain('default');
    expect(shown('consent')).toEqual(expect.arrayContaining(['consent_text', 'consent_url']));
    expect(shown('consent')).not.toContain('default');
  });

  it('gives choices their options; a checkbox with options is a group with a default', () => {
    for (const type of ['select', 'radio', 'checkbox'] as const) expect(shown(type)).toContain('options');
    expect(shown('select')).toEqual(expect.arrayContaining(['multiple', 'placeholder', 'default']));
    expect(shown('select', { multiple: true })).not.toContain('placeholder');
    expect(shown('radio')).not.toContain('multiple');
    expect(shown('checkbox')).not.toContain('default');
    expect(shown('checkbox', { options: [{ value: 'a', label: 'A' }] })).toContain('default');
  });

  it('saves only what the inputs show', () => {
    const text = {
      ...field('text'),
      min: 3,
      max_files: 2,
      options: [{ value: 'a', label: 'A' }],
      pattern: '',
    };
    const saved = savedField(text);
    expect(saved).toMatchObject({ min: null, max_files: null, options: [], pattern: null });
    expect(saved).not.toHaveProperty('key');
    expect(saved).not.toHaveProperty('nameFollowsLabel');
    const file = savedField({ ...field('file'), multiple: false, max_files: 3, default: 'x' });
    expect(file).toMatchObject({ max_files: null, default: null });
    expect(savedField({ ...field('consent'), required: false }).required).toBe(true);
    expect(savedField({ ...field('hidden'), required: true, help: 'h' })).toMatchObject({
      required: false,
      help: '',
    });
  });

  it('makes new fields with two options for a select or radio, and a required consent', () => {
    expect(field('select').options).toEqual([
      { value: 'option_1', label: 'Option 1' },
      { value: 'option_2', label: 'Option 2' },
    ]);
    expect(field('checkbox').options).toEqual([]);
    expect(field('consent')).toMatchObject({ required: true, consent_text: 'I agree.' });
  });
});

describe('an option relabelled', () => {
  it('keeps its value in step with its label unless the value was typed apart', () => {
    const options = [
      { value: 'option_1', label: 'Option 1' },
      { value: 'custom', label: 'Option 2' },
    ];
    expect(optionRelabelled(options, 0, 'Blue')).toEqual([{ value: 'blue', label: 'Blue' }, options[1]]);
    expect(optionRelabelled(options, 1, 'Red')).toEqual([options[0], { value: 'custom', label: 'Red' }]);
    expect(
      optionRelabelled(
        [
          { value: 'blue', label: 'Blue' },
          { value: 'b', label: 'B' },
        ],
        1,
        'Blue',
      )[1],
    ).toEqual({
      value: 'blue_2',
      label: 'Blue',
    });
  });
});
