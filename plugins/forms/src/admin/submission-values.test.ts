import { describe, expect, it } from 'vitest';
import { newField } from './field-model.js';
import type { FieldType, Submission } from './records.js';
import { shownValue, sizeText, summaryOf } from './submission-values.js';

const WORDS = { option: (n: number) => `Option ${n}`, consent: 'I agree.' };
const field = (type: FieldType, label: string) => newField(type, { ...WORDS, label }, [], label);

describe('a submitted value as the admin shows it', () => {
  it('shows choices by the labels they had, and a value no option has as it is', () => {
    const topic = field('select', 'Topic');
    expect(shownValue(topic, 'option_2')).toEqual({ kind: 'text', text: 'Option 2' });
    expect(shownValue(topic, ['option_1', 'gone'])).toEqual({ kind: 'text', text: 'Option 1, gone' });
    expect(shownValue(topic, '')).toEqual({ kind: 'empty' });
    expect(shownValue(field('text', 'Name'), undefined)).toEqual({ kind: 'empty' });
  });

  it('shows a single box or a consent ticked or not, and files apart', () => {
    expect(shownValue(field('consent', 'Consent'), 'on')).toEqual({ kind: 'ticked', ticked: true });
    expect(shownValue(field('checkbox', 'Newsletter'), undefined)).toEqual({ kind: 'ticked', ticked: false });
    expect(shownValue(field('file', 'CV'), 'x')).toEqual({ kind: 'files' });
  });

  it('sums a submission up by its first texts', () => {
    const fields = [
      field('consent', 'Consent'),
      field('text', 'Name'),
      field('email', 'Email'),
      field('text', 'City'),
    ];
    const submission = {
      fields,
      values: { name: 'Ada', email: 'ada@example.test', city: '' },
    } as unknown as Submission;
    expect(summaryOf(submission, 2)).toEqual([
      { label: 'Name', text: 'Ada' },
      { label: 'Email', text: 'ada@example.test' },
    ]);
  });

  it('gives file sizes in readable units', () => {
    expect(sizeText(532, 'en')).toBe('532 bytes');
    expect(sizeText(1_534_000, 'en')).toBe('1.5 MB');
  });
});
